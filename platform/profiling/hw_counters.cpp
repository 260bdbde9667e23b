#include "hw_counters.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <ostream>
#include <stdexcept>

namespace fireplane::profiling {

namespace {

constexpr uint64_t kRawDefaultOverflow = 1000003;
constexpr uint64_t kMaxOverflow = 0xffffffffull; // a PIC half is 32 bits

// The UltraSPARC III Cu aliases: (alias, raw event, description, default overflow).
struct Alias {
    const char* alias;
    const char* raw;
    const char* description;
    uint64_t overflow;
};
constexpr Alias kAliases[] = {
    {"cycles", "Cycle_cnt", "CPU Cycles", 9999991},
    {"insts", "Instr_cnt", "Instructions Executed", 9999991},
    {"icm", "IC_miss", "I$ Misses", 100003},
    {"icstall", "Dispatch0_IC_miss", "I$ Miss Stall Cycles", 1000003},
    {"dcr", "DC_rd", "D$ Reads", 1000003},
    {"dcw", "DC_wr", "D$ Writes", 1000003},
    {"dcrm", "DC_rd_miss", "D$ Read Misses", 100003},
    {"dcwm", "DC_wr_miss", "D$ Write Misses", 100003},
    {"dcstall", "Re_DC_miss", "D$ Miss Stall Cycles", 1000003},
    {"ecref", "EC_ref", "E$ References", 1000003},
    {"ecm", "EC_misses", "E$ Misses", 10007},
    {"ecrm", "EC_rd_miss", "E$ Read Misses", 10007},
    {"ecstall", "Re_EC_miss", "E$ Miss Stall Cycles", 1000003},
    {"ecwb", "EC_wb", "E$ Writebacks", 10007},
    {"sqstall", "Rstall_storeQ", "Store Queue Stall Cycles", 1000003},
    {"rawstall", "Re_RAW_miss", "Read-after-write Stall Cycles", 1000003},
};

HwCounter make_counter(const std::string& name, const std::string& raw, const char* description,
                       uint64_t overflow) {
    HwCounter c{name, raw, description, overflow, {nullptr, nullptr}};
    for (const sparc::CounterEvent& e : sparc::counter_events())
        if (raw == e.name) c.rows[e.pic] = &e;
    return c;
}

std::vector<HwCounter> build_raw() {
    std::vector<HwCounter> list;
    for (const sparc::CounterEvent& e : sparc::counter_events()) {
        bool seen = false;
        for (const HwCounter& c : list)
            seen = seen || c.raw == e.name;
        if (!seen) list.push_back(make_counter(e.name, e.name, nullptr, kRawDefaultOverflow));
    }
    return list;
}

std::vector<HwCounter> build_well_known() {
    std::vector<HwCounter> list;
    for (const Alias& a : kAliases) {
        HwCounter c = make_counter(a.alias, a.raw, a.description, a.overflow);
        if (!c.rows[0] && !c.rows[1]) // a bug in the table above
            throw std::logic_error(std::string("counter alias '") + a.alias +
                                   "' names an event the PCR table lacks: " + a.raw);
        list.push_back(c);
    }
    return list;
}

std::string registers(const HwCounter& c) {
    if (c.rows[0] && c.rows[1]) return "[/{0|1}]";
    return c.rows[0] ? "[/0]" : "[/1]";
}

[[noreturn]] void bad(const std::string& spec, const std::string& why) {
    throw std::invalid_argument("-h " + spec + ": " + why);
}

uint64_t parse_overflow(const std::string& spec, const std::string& text, uint64_t dflt) {
    if (text.empty() || text == "on") return dflt;
    if (text == "hi") return std::max<uint64_t>(1, dflt / 10);
    if (text == "lo") return std::min(kMaxOverflow, dflt * 10);
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (text[0] == '-' || *end || errno || v == 0 || v > kMaxOverflow)
        bad(spec, "bad overflow value '" + text + "': expected a number from 1 to " +
                      std::to_string(kMaxOverflow) + ", or hi, on or lo");
    return v;
}

} // namespace

std::string HwCounter::units() const {
    const char* qualifier = sparc::memop_name(memop());
    const std::string unit = cycles() ? "CPU-cycles" : "events";
    return *qualifier ? std::string(qualifier) + " " + unit : unit;
}

const std::vector<HwCounter>& well_known_counters() {
    static const std::vector<HwCounter> list = build_well_known();
    return list;
}

const std::vector<HwCounter>& raw_counters() {
    static const std::vector<HwCounter> list = build_raw();
    return list;
}

const HwCounter* find_counter(const std::string& name) {
    for (const auto* list : {&well_known_counters(), &raw_counters()})
        for (const HwCounter& c : *list)
            if (c.name == name) return &c;
    return nullptr;
}

void print_counter_list(std::ostream& out) {
    out << "Well known HW counters available for profiling:\n";
    for (const HwCounter& c : well_known_counters())
        out << c.name << registers(c) << ',' << c.default_overflow << " ('" << c.description
            << "', alias for " << c.raw << "; " << c.units() << ")\n";
    out << "Raw HW counters available for profiling:\n";
    for (const HwCounter& c : raw_counters())
        out << c.name << registers(c) << ',' << c.default_overflow << " (" << c.units() << ")\n";
}

CounterRequest parse_counter_request(const std::string& spec) {
    CounterRequest r;
    r.spec = spec;
    std::string name = spec, value;
    if (const size_t comma = name.find(','); comma != std::string::npos) {
        value = name.substr(comma + 1);
        name.resize(comma);
    }
    if (!name.empty() && name[0] == '+') {
        r.backtrack = true;
        name.erase(0, 1);
    }
    if (const size_t slash = name.find('/'); slash != std::string::npos) {
        const std::string reg = name.substr(slash + 1);
        if (reg != "0" && reg != "1") bad(spec, "register '" + reg + "' does not exist (0 or 1)");
        r.reg = reg[0] - '0';
        name.resize(slash);
    }
    r.counter = find_counter(name);
    if (!r.counter)
        bad(spec, "unknown counter '" + name +
                      "' (run `fireplane collect` with no program for the list)");
    if (r.reg >= 0 && !r.counter->rows[r.reg])
        bad(spec, "counter '" + name + "' cannot use register " + std::to_string(r.reg) +
                      " (it may use " + registers(*r.counter) + ")");
    if (r.backtrack && (r.counter->memop() == sparc::MemOp::None ||
                        r.counter->memop() == sparc::MemOp::NotProgramRelated))
        bad(spec, "counter '" + name + "' is not a memory-related counter: '+' cannot backtrack");
    r.overflow = parse_overflow(spec, value, r.counter->default_overflow);
    return r;
}

std::vector<unsigned> assign_registers(const std::vector<CounterRequest>& requests) {
    if (requests.size() > 2)
        throw std::invalid_argument("at most 2 hardware counters can be collected at once (" +
                                    std::to_string(requests.size()) + " given)");
    auto allowed = [&](size_t i, unsigned reg) {
        const CounterRequest& r = requests[i];
        return r.counter->rows[reg] && (r.reg < 0 || unsigned(r.reg) == reg);
    };
    std::vector<unsigned> regs(requests.size());
    if (requests.size() == 1) {
        regs[0] = allowed(0, 0) ? 0 : 1;
        return regs;
    }
    for (unsigned first = 0; first < 2; ++first)
        if (allowed(0, first) && allowed(1, 1 - first)) {
            regs[0] = first;
            regs[1] = 1 - first;
            return regs;
        }
    throw std::invalid_argument("hardware counters '" + requests[0].spec + "' and '" +
                                requests[1].spec + "' cannot be collected together: both need " +
                                (allowed(0, 0) ? "register 0 (PIC0)" : "register 1 (PIC1)"));
}

} // namespace fireplane::profiling
