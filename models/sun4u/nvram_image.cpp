#include "nvram_image.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace fireplane::sun4u_nvram {

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A partition header at `p`: signature, name, length (a multiple of 16).
void write_header(uint8_t* p, uint8_t signature, const char* name, size_t length) {
    std::memset(p, 0, kHeaderSize);
    p[0] = signature;
    p[2] = uint8_t(length / 16 >> 8);
    p[3] = uint8_t(length / 16);
    std::strncpy(reinterpret_cast<char*>(p + 4), name, 12);
    p[1] = partition_checksum(p);
}

} // namespace

MacAddress parse_mac(const std::string& text) {
    MacAddress mac{};
    const auto bad = [&] {
        return std::invalid_argument("bad MAC address '" + text +
                                     "': expected six hex bytes, as in 52:54:00:12:34:56");
    };
    if (text.size() != 17) throw bad();
    for (size_t i = 0; i < 6; ++i) {
        const int hi = hex_digit(text[3 * i]), lo = hex_digit(text[3 * i + 1]);
        if (hi < 0 || lo < 0 || (i < 5 && text[3 * i + 2] != ':')) throw bad();
        mac[i] = uint8_t(hi << 4 | lo);
    }
    return mac;
}

std::vector<NvramVariable> parse_env(const std::string& text) {
    std::vector<NvramVariable> env;
    size_t line_number = 0;
    bool continuable = false; // the line above was a variable
    for (size_t start = 0; start <= text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto where = [&] { return "env line " + std::to_string(line_number) + ": "; };
        if (!line.empty() && (line[0] == ' ' || line[0] == '\t')) {
            if (line.find_first_not_of(" \t") == std::string::npos) continue;
            if (!continuable)
                throw std::invalid_argument(where() + "an indented line continues a variable, "
                                                      "but none comes before it");
            env.back().value += "\n" + line;
            continue;
        }
        if (line.empty() || line[0] == '#') {
            continuable = false;
            continue;
        }
        const size_t eq = line.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument(where() + "expected name=value, got '" + line + "'");
        if (eq == 0) throw std::invalid_argument(where() + "the variable has no name");
        NvramVariable v{line.substr(0, eq), line.substr(eq + 1)};
        for (const NvramVariable& seen : env)
            if (seen.name == v.name)
                throw std::invalid_argument(where() + "'" + v.name + "' is set twice");
        env.push_back(std::move(v));
        continuable = true;
    }
    return env;
}

size_t variable_bytes(const std::vector<NvramVariable>& env) {
    size_t n = 0;
    for (const NvramVariable& v : env)
        n += v.name.size() + 1 + v.value.size() + 1;
    return n;
}

// OpenBIOS's nvpart_checksum and QEMU's chrp_nvram_finish_partition agree:
// an 8-bit sum whose carries are added back in.
uint8_t partition_checksum(const uint8_t* header) {
    unsigned sum = header[0];
    for (size_t i = 2; i < kHeaderSize; ++i) {
        sum += header[i];
        sum = (sum + (sum >> 8)) & 0xff;
    }
    return uint8_t(sum);
}

uint8_t idprom_checksum(const uint8_t* idprom) {
    uint8_t x = 0;
    for (size_t i = 0; i < kIdpromSize - 1; ++i)
        x ^= idprom[i];
    return x;
}

std::vector<uint8_t> build_image(const MacAddress& mac, const std::vector<NvramVariable>& env) {
    for (const NvramVariable& v : env)
        if (v.name.empty() || v.name.find_first_of(std::string("=\0", 2)) != std::string::npos ||
            v.value.find('\0') != std::string::npos)
            throw std::invalid_argument("NVRAM variable '" + v.name +
                                        "': a name is not empty and holds no '=', and "
                                        "neither holds a NUL");
    const size_t bytes = variable_bytes(env);
    if (bytes > kMaxVariableBytes)
        throw std::invalid_argument("the NVRAM variables take " + std::to_string(bytes) +
                                    " bytes; the system partition holds at most " +
                                    std::to_string(kMaxVariableBytes));
    std::vector<uint8_t> image(kImageSize, 0);

    // The system partition: the strings, an empty one, padded to 16 bytes.
    size_t end = kHeaderSize;
    for (const NvramVariable& v : env) {
        const std::string s = v.name + "=" + v.value;
        std::copy(s.begin(), s.end(), image.begin() + end);
        end += s.size() + 1;
    }
    end += 1; // the end marker
    end = (end + 15) & ~size_t(15);
    write_header(image.data(), kSystemSignature, "system", end);
    // The free partition: the rest up to kPartitionsEnd.
    write_header(image.data() + end, kFreeSignature, "free", kPartitionsEnd - end);

    // The IDPROM (QEMU's Sun_init_header).
    uint8_t* id = image.data() + kIdpromOffset;
    id[0] = kIdpromFormat;
    id[1] = kSun4uMachineType;
    std::copy(mac.begin(), mac.end(), id + 2);
    std::copy(mac.begin() + 3, mac.end(), id + 12); // the host ID's serial number
    id[15] = idprom_checksum(id);
    return image;
}

std::vector<NvramVariable> read_variables(const std::vector<uint8_t>& image) {
    if (image.size() < kPartitionsEnd)
        throw std::invalid_argument("the image is shorter than its partitions");
    std::vector<NvramVariable> env;
    bool found = false;
    for (size_t at = 0; at != kPartitionsEnd;) {
        const uint8_t* p = image.data() + at;
        const size_t length = size_t(p[2] << 8 | p[3]) * 16;
        if (partition_checksum(p) != p[1])
            throw std::invalid_argument("bad partition checksum at " + std::to_string(at));
        if (length == 0 || at + length > kPartitionsEnd)
            throw std::invalid_argument("bad partition length at " + std::to_string(at));
        if (p[0] == kSystemSignature && !found) {
            found = true;
            size_t s = at + kHeaderSize;
            while (s < at + length && image[s] != 0) {
                const auto nul = std::find(image.begin() + s, image.begin() + at + length, 0);
                const std::string text(image.begin() + s, nul);
                const size_t eq = text.find('=');
                env.push_back(
                    {text.substr(0, eq), eq == std::string::npos ? "" : text.substr(eq + 1)});
                s += text.size() + 1;
            }
        }
        at += length;
    }
    if (!found) throw std::invalid_argument("no system partition");
    return env;
}

} // namespace fireplane::sun4u_nvram
