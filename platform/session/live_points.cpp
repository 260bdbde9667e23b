#include "live_points.h"

#include "core/checkpoint/checkpoint_error.h"
#include "models/common/memory_image.h"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>

namespace fireplane {

namespace {
const char* const kFormatName = "fireplane-live-points";
// 2: the standard streams' kinds, and units placed by work. A library of
// format 1 is read as measured with /dev/null and placed by instructions.
constexpr unsigned kFormat = 2;

std::string point_name(size_t unit) {
    char name[16];
    std::snprintf(name, sizeof name, "p%06zu", unit);
    return name;
}
} // namespace

void LivePointLibrary::write(const std::string& dir) const {
    YAML::Emitter y;
    y << YAML::BeginMap;
    y << YAML::Key << "format" << YAML::Value << kFormatName;
    y << YAML::Key << "version" << YAML::Value << kFormat;
    y << YAML::Key << "machine_file" << YAML::Value << machine_file;
    y << YAML::Key << "machine_hash" << YAML::Value << machine_hash;
    y << YAML::Key << "mode" << YAML::Value << mode;
    y << YAML::Key << "argv" << YAML::Value << YAML::Flow << argv;
    y << YAML::Key << "streams" << YAML::Value << YAML::Flow << streams;
    y << YAML::Key << "interval" << YAML::Value << sampling.interval;
    y << YAML::Key << "unit" << YAML::Value << sampling.unit;
    y << YAML::Key << "warmup" << YAML::Value << sampling.warmup;
    y << YAML::Key << "warming" << YAML::Value << sampling.warming;
    y << YAML::Key << "stretch" << YAML::Value << sampling.stretch;
    y << YAML::Key << "by" << YAML::Value << (sampling.by_work ? "work" : "instructions");
    y << YAML::Key << "points" << YAML::Value << YAML::Flow << points;
    y << YAML::Key << "skipped" << YAML::Value << skipped;
    y << YAML::EndMap;
    const std::string path = dir + "/" + kIndex, tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << y.c_str() << "\n";
        if (!out) throw CheckpointError("cannot write '" + tmp + "'");
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw CheckpointError("cannot write '" + path + "'");
}

LivePointLibrary LivePointLibrary::read(const std::string& dir) {
    const std::string path = dir + "/" + kIndex;
    if (!std::ifstream(path))
        throw CheckpointError("'" + dir + "' holds no live points (no " + kIndex + ")");
    const auto bad = [&](const std::string& why) {
        return CheckpointError("'" + path + "': " + why);
    };
    LivePointLibrary l;
    try {
        const YAML::Node y = YAML::LoadFile(path);
        if (!y.IsMap() || y["format"].as<std::string>("") != kFormatName)
            throw bad("not a Fireplane live-point index");
        if (const unsigned v = y["version"].as<unsigned>(); v > kFormat)
            throw bad("made by a newer Fireplane (live-point format " + std::to_string(v) +
                      "; this one reads format " + std::to_string(kFormat) + " and older)");
        l.machine_file = y["machine_file"].as<std::string>("");
        l.machine_hash = y["machine_hash"].as<std::string>();
        l.mode = y["mode"].as<std::string>();
        if (y["argv"]) l.argv = y["argv"].as<std::vector<std::string>>();
        if (y["streams"]) l.streams = y["streams"].as<std::vector<std::string>>();
        if (l.streams.size() != 3)
            throw bad("'streams' names " + std::to_string(l.streams.size()) + " streams, not 3");
        l.sampling.interval = y["interval"].as<uint64_t>();
        l.sampling.unit = y["unit"].as<uint64_t>();
        l.sampling.warmup = y["warmup"].as<uint64_t>();
        l.sampling.warming = y["warming"].as<uint64_t>(0);
        l.sampling.stretch = y["stretch"].as<uint64_t>(0); // the stretches the run made
        if (const std::string by = y["by"].as<std::string>("instructions"); by == "work")
            l.sampling.by_work = true;
        else if (by != "instructions")
            throw bad("units placed by '" + by + "' (instructions or work)");
        l.points = y["points"].as<std::vector<std::string>>();
        if (y["skipped"]) l.skipped = y["skipped"].as<std::vector<std::string>>();
    } catch (const YAML::Exception& e) {
        throw bad("damaged index: " + e.msg + " (line " + std::to_string(e.mark.line + 1) + ")");
    }
    for (const std::string& p : l.points)
        if (p.empty() || p.find('/') != std::string::npos || p[0] == '.')
            throw bad("point '" + p + "' is outside the library");
    if (const std::string p = l.sampling.problem(); !p.empty()) throw bad(p);
    return l;
}

LivePointWriter::LivePointWriter(std::string dir, LivePointLibrary header,
                                 CheckpointRegistry& registry)
    : dir_(std::move(dir)), library_(std::move(header)), registry_(registry) {
    if (::mkdir(dir_.c_str(), 0777) != 0 && errno != EEXIST)
        throw CheckpointError("cannot make the live-point folder '" + dir_ +
                              "': " + std::strerror(errno));
    std::remove((dir_ + "/" + LivePointLibrary::kIndex).c_str()); // an old library is replaced
    for (const CheckpointRegistry::Section& s : registry_.sections())
        if (auto* m = dynamic_cast<MemoryImage*>(s.model)) memories_.push_back(m);
}

LivePointWriter::~LivePointWriter() {
    stop_capture();
    for (MemoryImage* m : memories_)
        m->forget_capture();
}

void LivePointWriter::stop_capture() {
    if (!capturing_) return;
    for (MemoryImage* m : memories_)
        m->capture().stop();
    capturing_ = false;
}

std::string LivePointWriter::unit_name() const {
    return point_name(library_.points.size() + library_.skipped.size() + 1);
}

void LivePointWriter::unit_begins(const CheckpointInfo& info, const std::string& why_not) {
    if (!why_not.empty()) {
        library_.skipped.push_back(unit_name() + ": " + why_not);
        return;
    }
    info_ = info;
    info_.live_point = true;
    machine_ = save_sections(
        registry_, [](const Checkpointable& c) { return !dynamic_cast<const MemoryImage*>(&c); });
    for (MemoryImage* m : memories_)
        m->capture().start();
    capturing_ = true;
}

void LivePointWriter::unit_ends(bool counted, bool dropped_earlier) {
    if (dropped_earlier) {
        for (const std::string& p : library_.points) {
            std::filesystem::remove_all(dir_ + "/" + p);
            library_.skipped.push_back(p + ": before the statistics were reset");
        }
        library_.points.clear();
    }
    if (!capturing_) return;
    stop_capture();
    const std::string name = unit_name();
    if (!counted) {
        library_.skipped.push_back(name + ": the statistics did not count all through it "
                                          "(outside the region of interest)");
        return;
    }
    for (MemoryImage* m : memories_)
        if (m->capture().overflowed()) {
            library_.skipped.push_back(name + ": the unit touched more memory than a live point "
                                              "holds");
            return;
        }
    SavedSections point = std::move(machine_);
    SavedSections memory = save_sections(registry_, [](const Checkpointable& c) {
        return dynamic_cast<const MemoryImage*>(&c) != nullptr;
    });
    for (SavedSection& s : memory.sections)
        point.sections.push_back(std::move(s));
    write_checkpoint(dir_ + "/" + name, info_, point);
    library_.points.push_back(name);
}

void LivePointWriter::finish() {
    stop_capture();
    library_.write(dir_);
}

} // namespace fireplane
