#include "core/checkpoint/checkpoint_file.h"

#include "core/checkpoint/checkpoint_manifest.h"

#include <yaml-cpp/yaml.h>
#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <ostream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace fireplane {

namespace {

const char* const kManifest = "checkpoint.yaml";
const char* const kFormatName = "fireplane-checkpoint";

std::string section_file(const std::string& name) {
    return name + ".zst";
}

// zstd's fastest level packs checkpoints a little smaller than zlib's, and
// unpacks three times as fast.
constexpr int kZstdLevel = 1;

void make_dir(const std::string& dir) {
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw CheckpointError("cannot make the checkpoint folder '" + dir +
                              "': " + std::strerror(errno));
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw CheckpointError("'" + dir + "' is not a folder");
}

void write_file(const std::string& path, const void* data, size_t len) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(static_cast<const char*>(data), std::streamsize(len));
    out.close();
    if (!out) throw CheckpointError("cannot write '" + path + "'");
}

uint32_t crc_of(const uint8_t* data, size_t size) {
    uLong crc = crc32(0L, Z_NULL, 0);
    // zlib's length is an unsigned int: feed large sections in pieces.
    for (size_t off = 0; off < size;) {
        const size_t n = std::min<size_t>(size - off, 1u << 30);
        crc = crc32(crc, data + off, uInt(n));
        off += n;
    }
    return uint32_t(crc);
}

} // namespace

SavedSections save_sections(CheckpointRegistry& registry,
                            const std::function<bool(const Checkpointable&)>& which) {
    SavedSections saved;
    for (const CheckpointRegistry::Section& s : registry.sections()) {
        if (which && !which(*s.model)) continue;
        const bool optional = s.kind == CheckpointRegistry::Kind::Optional;
        if (optional)
            if (const std::string why = s.model->not_quiescent(); !why.empty()) {
                saved.cold.push_back("'" + s.name + "' (" + why + ")");
                continue;
            }
        SavedSection out{s.name, s.version, optional, optional ? s.model->shape() : "", {}};
        StateIo io = StateIo::writer(s.name, out.bytes, s.version);
        s.model->checkpoint(io);
        saved.sections.push_back(std::move(out));
    }
    return saved;
}

void write_checkpoint(const std::string& dir, const CheckpointInfo& info,
                      const SavedSections& saved) {
    make_dir(dir);
    std::remove((dir + "/" + kManifest).c_str()); // no manifest until every section is in
    YAML::Emitter m;
    m << YAML::BeginMap;
    m << YAML::Key << "format" << YAML::Value << kFormatName;
    m << YAML::Key << "version" << YAML::Value << info.format;
    m << YAML::Key << "created_by" << YAML::Value << info.created_by;
    m << YAML::Key << "machine_file" << YAML::Value << info.machine_file;
    m << YAML::Key << "machine_hash" << YAML::Value << info.machine_hash;
    m << YAML::Key << "mode" << YAML::Value << info.mode;
    m << YAML::Key << "time_ps" << YAML::Value << info.time_ps;
    m << YAML::Key << "instructions" << YAML::Value << info.instructions;
    m << YAML::Key << "argv" << YAML::Value << YAML::Flow << info.argv;
    if (info.live_point) m << YAML::Key << "live_point" << YAML::Value << true;
    m << YAML::Key << "sections" << YAML::Value << YAML::BeginSeq;
    for (const SavedSection& s : saved.sections) {
        std::vector<uint8_t> packed(ZSTD_compressBound(s.bytes.size()));
        const size_t packed_len =
            ZSTD_compress(packed.data(), packed.size(), s.bytes.data(), s.bytes.size(), kZstdLevel);
        if (ZSTD_isError(packed_len))
            throw CheckpointError("section '" + s.name +
                                  "': compression failed: " + ZSTD_getErrorName(packed_len));
        const std::string file = section_file(s.name);
        write_file(dir + "/" + file, packed.data(), packed_len);
        m << YAML::Flow << YAML::BeginMap;
        m << YAML::Key << "name" << YAML::Value << s.name;
        m << YAML::Key << "version" << YAML::Value << s.version;
        m << YAML::Key << "kind" << YAML::Value << (s.optional ? "optional" : "required");
        if (s.optional) m << YAML::Key << "shape" << YAML::Value << s.shape;
        m << YAML::Key << "file" << YAML::Value << file;
        m << YAML::Key << "bytes" << YAML::Value << s.bytes.size();
        m << YAML::Key << "crc32" << YAML::Value << crc_of(packed.data(), packed_len);
        m << YAML::Key << "codec" << YAML::Value << "zstd";
        m << YAML::EndMap;
    }
    m << YAML::EndSeq << YAML::EndMap;
    const std::string text = std::string(m.c_str()) + "\n";
    const std::string tmp = dir + "/" + kManifest + ".tmp";
    write_file(tmp, text.data(), text.size());
    if (std::rename(tmp.c_str(), (dir + "/" + kManifest).c_str()) != 0)
        throw CheckpointError("cannot write '" + dir + "/" + kManifest + "'");
}

std::vector<std::string> write_checkpoint(const std::string& dir, const CheckpointInfo& info,
                                          CheckpointRegistry& registry) {
    SavedSections saved = save_sections(registry);
    write_checkpoint(dir, info, saved);
    return saved.cold;
}

namespace {

// Any manifest, by yaml-cpp; `bad` makes the error for a reason.
template <class Bad> Manifest read_yaml_manifest(const std::string& text, const Bad& bad) {
    Manifest r;
    try {
        const YAML::Node m = YAML::Load(text);
        if (!m.IsMap() || !m["format"] || m["format"].as<std::string>() != kFormatName)
            throw bad("not a Fireplane checkpoint manifest");
        r.format = kFormatName;
        CheckpointInfo& info = r.info;
        info.format = m["version"].as<unsigned>();
        if (info.format > CheckpointInfo::kFormat) return r; // the caller says newer
        info.created_by = m["created_by"].as<std::string>("");
        info.machine_file = m["machine_file"].as<std::string>("");
        info.machine_hash = m["machine_hash"].as<std::string>();
        info.mode = m["mode"].as<std::string>();
        info.time_ps = m["time_ps"].as<uint64_t>();
        info.instructions = m["instructions"].as<uint64_t>(0);
        if (m["argv"]) info.argv = m["argv"].as<std::vector<std::string>>();
        info.live_point = m["live_point"].as<bool>(false);
        for (const YAML::Node& s : m["sections"]) {
            ManifestSection e;
            e.name = s["name"].as<std::string>();
            e.version = s["version"].as<unsigned>();
            e.optional = s["kind"].as<std::string>() == "optional";
            e.shape = s["shape"].as<std::string>("");
            e.file = s["file"].as<std::string>();
            e.bytes = s["bytes"].as<uint64_t>();
            e.crc = s["crc32"].as<uint32_t>();
            const std::string codec = s["codec"].as<std::string>("zlib");
            const std::optional<SectionCodec> known = codec_named(codec);
            if (!known)
                throw bad("section '" + e.name + "' is packed with '" + codec +
                          "', which this Fireplane cannot unpack");
            e.codec = *known;
            r.sections.push_back(std::move(e));
        }
    } catch (const YAML::Exception& e) {
        throw bad("damaged manifest: " + e.msg + " (line " + std::to_string(e.mark.line + 1) + ")");
    }
    return r;
}

} // namespace

CheckpointReader::CheckpointReader(std::string dir) : dir_(std::move(dir)) {
    const std::string path = dir_ + "/" + kManifest;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw CheckpointError("'" + dir_ + "' is not a checkpoint (no " + kManifest + ")");
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto bad = [&](const std::string& why) {
        return CheckpointError("'" + path + "': " + why);
    };
    std::optional<Manifest> read = read_plain_manifest(text);
    if (!read) read = read_yaml_manifest(text, bad);
    const Manifest& m = *read;
    if (m.format != kFormatName) throw bad("not a Fireplane checkpoint manifest");
    info_ = m.info;
    if (info_.format > CheckpointInfo::kFormat)
        throw bad("made by a newer Fireplane (checkpoint format " + std::to_string(info_.format) +
                  "; this one reads format " + std::to_string(CheckpointInfo::kFormat) +
                  " and older)");
    for (const ManifestSection& s : m.sections) {
        if (s.file.find('/') != std::string::npos)
            throw bad("section '" + s.name + "' names a file outside the checkpoint");
        if (!sections_.emplace(s.name, s).second) throw bad("section '" + s.name + "' twice");
    }
}

void CheckpointReader::check_machine(const std::string& hash,
                                     const std::string& machine_file) const {
    if (hash == info_.machine_hash) return;
    throw CheckpointError("'" + dir_ + "' was made on another machine ('" + info_.machine_file +
                          "', hash " + info_.machine_hash + ") than '" + machine_file + "' (hash " +
                          hash + "): CPUs, memories, devices or their addresses differ");
}

size_t CheckpointReader::read_packed(const ManifestSection& e, SectionBuffer& packed) const {
    const std::string& name = e.name;
    // POSIX reads into a reused buffer: no stream, no allocation per section.
    const std::string path = dir_ + "/" + e.file;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw CheckpointError("section '" + name + "': its file '" + path + "' is missing");
    struct stat st {};
    size_t size = 0;
    bool read_ok = ::fstat(fd, &st) == 0;
    if (read_ok) {
        uint8_t* in = packed.reserve(size_t(st.st_size) + 1);
        for (ssize_t n; (n = ::read(fd, in + size, size_t(st.st_size) + 1 - size)) != 0;) {
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 || (size += size_t(n)) > size_t(st.st_size)) {
                read_ok = false;
                break;
            }
        }
    }
    ::close(fd);
    if (!read_ok) throw corrupt(e);
    // Format 3 checks the file as written, before anything is unpacked (a
    // fifth of the bytes to check: live points restore a point after point).
    if (crc_of_file() && crc_of(packed.data(), size) != e.crc) throw corrupt(e);
    // A size the file cannot hold is a damaged manifest, not a reason to
    // allocate it: a zstd frame begins with the size it unpacks to, and zlib
    // expands at most about 1032:1.
    const bool fits = e.codec == SectionCodec::Zstd
                          ? ZSTD_getFrameContentSize(packed.data(), size) == e.bytes
                          : e.bytes <= uint64_t(size) * 1100 + 4096;
    if (!fits)
        throw CheckpointError("section '" + name + "' is corrupt (its size in the manifest, " +
                              std::to_string(e.bytes) + " bytes, cannot come from '" + path + "')");
    return size;
}

void CheckpointReader::unpack(const ManifestSection& e, const uint8_t* in, size_t size,
                              uint8_t* out) const {
    bool unpacked = false;
    if (e.codec == SectionCodec::Zstd) {
        const size_t len = ZSTD_decompress(out, e.bytes, in, size);
        unpacked = !ZSTD_isError(len) && len == e.bytes;
    } else {
        uLongf len = uLongf(e.bytes);
        unpacked = uncompress(out, &len, in, uLong(size)) == Z_OK && len == e.bytes;
    }
    if (!unpacked || (!crc_of_file() && crc_of(out, e.bytes) != e.crc)) throw corrupt(e);
}

CheckpointError CheckpointReader::corrupt(const ManifestSection& e) const {
    return CheckpointError("section '" + e.name + "' is corrupt ('" + dir_ + "/" + e.file +
                           "' does not match its size and CRC in the manifest)");
}

bool CheckpointReader::restores_whole(const CheckpointRegistry& registry) const {
    for (const CheckpointRegistry::Section& s : registry.sections()) {
        const auto it = sections_.find(s.name);
        if (s.kind == CheckpointRegistry::Kind::Optional &&
            (it == sections_.end() || it->second.shape != s.model->shape()))
            return false;
    }
    return true;
}

void CheckpointReader::check_version(const CheckpointRegistry::Section& s,
                                     const ManifestSection& e) const {
    if (e.version > s.version)
        throw CheckpointError("section '" + s.name + "' is of version " +
                              std::to_string(e.version) + ", newer than this Fireplane's " +
                              std::to_string(s.version));
}

void CheckpointReader::restore_section(const CheckpointRegistry::Section& s,
                                       const ManifestSection& e, SectionBuffer& unpacked,
                                       SectionBuffer& packed, bool in_place) const {
    const size_t size = read_packed(e, packed);
    uint8_t* bytes = unpacked.reserve(e.bytes);
    unpack(e, packed.data(), size, bytes);
    StateIo io = StateIo::reader(s.name, bytes, e.bytes, e.version, in_place);
    s.model->checkpoint(io);
    if (!io.at_end()) io.fail("not read to its end (the model and the file disagree)");
}

SectionBuffer::~SectionBuffer() {
    if (data_) munmap(data_, capacity_);
}

uint8_t* SectionBuffer::reserve(size_t bytes) {
    if (bytes <= capacity_) return data_;
    if (data_) munmap(data_, capacity_);
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    capacity_ = (bytes + page - 1) / page * page;
    void* p = mmap(nullptr, capacity_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        data_ = nullptr;
        capacity_ = 0;
        throw CheckpointError("no memory for a section of " + std::to_string(bytes) + " bytes");
    }
    data_ = static_cast<uint8_t*>(p);
    return data_;
}

void CheckpointReader::restore(CheckpointRegistry& registry, std::ostream& notes,
                               SectionBuffers* buffers) const {
    SectionBuffers own;
    SectionBuffers& b = buffers ? *buffers : own;
    for (const auto& [name, e] : sections_)
        if (!e.optional && !registry.find(name))
            throw CheckpointError("'" + dir_ + "' holds section '" + name +
                                  "', which this machine has no model for");
    for (const CheckpointRegistry::Section& s : registry.sections()) {
        const auto it = sections_.find(s.name);
        const bool optional = s.kind == CheckpointRegistry::Kind::Optional;
        if (it == sections_.end()) {
            if (!optional) throw CheckpointError("'" + dir_ + "' has no section '" + s.name + "'");
            notes << "fireplane: checkpoint: no section '" << s.name << "': it starts cold\n";
            continue;
        }
        const ManifestSection& e = it->second;
        check_version(s, e);
        if (optional && e.shape != s.model->shape()) {
            notes << "fireplane: checkpoint: '" << s.name << "' was " << e.shape << ", now "
                  << s.model->shape() << ": it starts cold\n";
            continue;
        }
        restore_section(s, e, b.unpacked, b.packed, s.model->plain_data());
    }
    for (const CheckpointRegistry::Section& s : registry.sections())
        s.model->restored();
}

} // namespace fireplane
