#include "core/checkpoint/checkpoint_manifest.h"

#include <cctype>
#include <limits>

namespace fireplane {

namespace {

// One manifest line at a time, each read left to right. Every reader
// returns false where the text leaves the subset write_checkpoint emits.
class PlainReader {
public:
    explicit PlainReader(std::string_view line) : s_(line) {}

    bool done() const { return at_ == s_.size(); }
    bool take(std::string_view token) {
        if (s_.substr(at_, token.size()) != token) return false;
        at_ += token.size();
        return true;
    }
    bool key(std::string& out) {
        const size_t from = at_;
        while (at_ < s_.size() &&
               (std::islower(uint8_t(s_[at_])) || std::isdigit(uint8_t(s_[at_])) || s_[at_] == '_'))
            ++at_;
        out = s_.substr(from, at_ - from);
        return at_ > from && take(": ");
    }
    // A double-quoted scalar without escapes, or a plain one of safe
    // characters that YAML reads as the same string. `flow`: inside [...] or
    // {...}, where a comma ends it.
    bool scalar(bool flow, std::string& out, bool& quoted) {
        quoted = at_ < s_.size() && s_[at_] == '"';
        if (quoted) {
            const size_t end = s_.find('"', at_ + 1);
            if (end == std::string_view::npos) return false;
            out = s_.substr(at_ + 1, end - at_ - 1);
            for (char c : out)
                if (c == '\\' || !std::isprint(uint8_t(c))) return false;
            at_ = end + 1;
            return true;
        }
        const size_t from = at_;
        while (at_ < s_.size() && plain_char(s_[at_], flow))
            ++at_;
        out = s_.substr(from, at_ - from);
        return plain_ok(out);
    }

private:
    static bool plain_char(char c, bool flow) {
        if (std::isalnum(uint8_t(c))) return true;
        switch (c) {
        case ' ':
        case '_':
        case '.':
        case '/':
        case '+':
        case '-':
        case '(':
        case ')':
        case '=':
        case '$': return true;
        case ',': return !flow;
        default: return false;
        }
    }
    // Not empty, no space at either end, no indicator first ('-' only before
    // a non-space), and not a word YAML reads as null.
    static bool plain_ok(const std::string& v) {
        if (v.empty() || v.front() == ' ' || v.back() == ' ') return false;
        if (v.front() == '-' && (v.size() == 1 || v[1] == ' ')) return false;
        if (v.front() == '(' || v.front() == ')') return false;
        return v != "~" && v != "null" && v != "Null" && v != "NULL";
    }

    std::string_view s_;
    size_t at_ = 0;
};

// Decimal digits alone, as yaml-cpp converts them, within T.
template <class T> bool number(const std::string& v, bool quoted, T& out) {
    if (quoted || v.empty() || v.size() > 19) return false;
    uint64_t n = 0;
    for (char c : v) {
        if (!std::isdigit(uint8_t(c))) return false;
        n = n * 10 + uint64_t(c - '0');
    }
    if (n > std::numeric_limits<T>::max()) return false;
    out = T(n);
    return true;
}

bool flow_list(PlainReader& r, std::vector<std::string>& out) {
    if (!r.take("[")) return false;
    if (r.take("]")) return true;
    for (;;) {
        std::string v;
        bool quoted = false;
        if (!r.scalar(true, v, quoted)) return false;
        out.push_back(v);
        if (r.take("]")) return true;
        if (!r.take(", ")) return false;
    }
}

bool section(std::string_view line, ManifestSection& s) {
    PlainReader r(line);
    if (!r.take("  - {")) return false;
    bool name = false, version = false, kind = false, file = false, bytes = false, crc = false;
    for (;;) {
        std::string k, v;
        bool quoted = false;
        if (!r.key(k) || !r.scalar(true, v, quoted)) return false;
        bool ok = true;
        if (k == "name" && !name)
            s.name = v, name = true;
        else if (k == "version" && !version)
            ok = number(v, quoted, s.version), version = true;
        else if (k == "kind" && !kind)
            s.optional = v == "optional", kind = true;
        else if (k == "shape")
            s.shape = v;
        else if (k == "file" && !file)
            s.file = v, file = true;
        else if (k == "bytes" && !bytes)
            ok = number(v, quoted, s.bytes), bytes = true;
        else if (k == "crc32" && !crc)
            ok = number(v, quoted, s.crc), crc = true;
        else if (k == "codec") {
            const std::optional<SectionCodec> codec = codec_named(v);
            ok = codec.has_value(); // else yaml-cpp's reader names it
            if (ok) s.codec = *codec;
        } else
            ok = false; // unknown or repeated: yaml-cpp decides
        if (!ok) return false;
        if (r.take("}")) return r.done() && name && version && kind && file && bytes && crc;
        if (!r.take(", ")) return false;
    }
}

} // namespace

std::optional<SectionCodec> codec_named(std::string_view name) {
    if (name == "zlib") return SectionCodec::Zlib;
    if (name == "zstd") return SectionCodec::Zstd;
    return std::nullopt;
}

std::optional<Manifest> read_plain_manifest(std::string_view text) {
    // The top-level keys, a bit each: a key seen twice is yaml-cpp's to judge.
    enum Key : unsigned {
        kFormatKey = 1u << 0,
        kVersion = 1u << 1,
        kCreatedBy = 1u << 2,
        kMachineFile = 1u << 3,
        kMachineHash = 1u << 4,
        kMode = 1u << 5,
        kTimePs = 1u << 6,
        kInstructions = 1u << 7,
        kArgv = 1u << 8,
        kLivePoint = 1u << 9,
        kSections = 1u << 10,
    };
    // What yaml-cpp insists on (the others have defaults).
    constexpr unsigned kRequired =
        kFormatKey | kVersion | kMachineHash | kMode | kTimePs | kSections;
    Manifest m;
    CheckpointInfo& info = m.info;
    info.format = 0;
    unsigned seen = 0;
    const auto once = [&](Key key) {
        const bool first = !(seen & key);
        seen |= key;
        return first;
    };
    bool in_sections = false;
    size_t from = 0;
    while (from < text.size()) {
        const size_t nl = text.find('\n', from);
        if (nl == std::string_view::npos) return std::nullopt; // the emitter ends every line
        const std::string_view line = text.substr(from, nl - from);
        from = nl + 1;
        if (in_sections) {
            ManifestSection s;
            if (!section(line, s)) return std::nullopt;
            m.sections.push_back(std::move(s));
            continue;
        }
        PlainReader r(line);
        std::string k, v;
        bool quoted = false;
        if (!r.key(k)) {
            if (line == "sections:" && once(kSections)) {
                in_sections = true;
                continue;
            }
            return std::nullopt;
        }
        bool ok = true;
        if (k == "argv" && once(kArgv)) {
            ok = flow_list(r, info.argv);
        } else if (k == "sections" && once(kSections)) {
            ok = r.take("[]"); // none
        } else if (!r.scalar(false, v, quoted)) {
            ok = false;
        } else if (k == "format" && once(kFormatKey)) {
            m.format = v;
        } else if (k == "version" && once(kVersion)) {
            ok = number(v, quoted, info.format);
        } else if (k == "created_by" && once(kCreatedBy)) {
            info.created_by = v;
        } else if (k == "machine_file" && once(kMachineFile)) {
            info.machine_file = v;
        } else if (k == "machine_hash" && once(kMachineHash)) {
            info.machine_hash = v;
        } else if (k == "mode" && once(kMode)) {
            info.mode = v;
        } else if (k == "time_ps" && once(kTimePs)) {
            ok = number(v, quoted, info.time_ps);
        } else if (k == "instructions" && once(kInstructions)) {
            ok = number(v, quoted, info.instructions);
        } else if (k == "live_point" && once(kLivePoint) && !quoted &&
                   (v == "true" || v == "false")) {
            info.live_point = v == "true";
        } else {
            ok = false; // unknown, repeated or unusual: yaml-cpp decides
        }
        if (!ok || !r.done()) return std::nullopt;
    }
    if ((seen & kRequired) != kRequired) return std::nullopt;
    if (info.format == 0 || info.format > CheckpointInfo::kFormat) return std::nullopt;
    return m;
}

} // namespace fireplane
