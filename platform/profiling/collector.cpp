#include "collector.h"

#include "experiment_writer.h"
#include "models/cpu/sparc_cpu.h"
#include "platform/linux/linux_process.h"
#include "stack_walk.h"

#include <filesystem>
#include <map>
#include <stdexcept>
#include <unordered_map>

namespace fireplane::profiling {

namespace {
constexpr uint64_t kWrap = uint64_t(1) << 32;

uint32_t half(uint64_t pic, unsigned reg) {
    return uint32_t(pic >> (32 * reg));
}
uint64_t with_half(uint64_t pic, unsigned reg, uint32_t value) {
    const unsigned shift = 32 * reg;
    return (pic & ~(uint64_t(0xffffffff) << shift)) | (uint64_t(value) << shift);
}
} // namespace

// Watches one CPU: re-arms its counters on each wrap, delivers packets after
// the skid, and with --exact attributes each event to its instruction.
class Collector::CpuWatch : public sparc::RetireObserver {
public:
    CpuWatch(Collector& c, unsigned cpu) : c_(c), cpu_(cpu), core_(c.cpus_[cpu]->core()) {}

    void start() {
        uint64_t pcr = c_.options_.system ? sparc::kPcrSt : sparc::kPcrUt, pic = 0;
        for (const Counter& k : c_.counters_) {
            const sparc::CounterEvent& row = *k.request.counter->rows[k.reg];
            pcr |= uint64_t(row.code) << (k.reg ? sparc::kPcrSuShift : sparc::kPcrSlShift);
            pic = with_half(pic, k.reg, uint32_t(kWrap - k.request.overflow));
        }
        // A kernel's profile: the guest owns the interrupt system, and must
        // not see the profiler's overflows (a user program's OS layer does not).
        if (c_.options_.system) core_.pic_overflow_interrupts = false;
        core_.counters.write_pcr(pcr, core_.counter_now());
        core_.counters.write_pic(pic, core_.counter_now());
        if (c_.options_.exact) {
            exact_.resize(c_.counters_.size());
            for (size_t k = 0; k < c_.counters_.size(); ++k)
                last_.push_back(total(k));
            cpi_last_ = core_.cpi_stack();
        }
        core_.set_retire_observer(this);
    }

    void completed(sparc::SparcCore& core, const sparc::CompletedInstruction& insn) override {
        if (!exact_.empty()) attribute(insn.pc);
        for (size_t i = 0; i < pending_.size();) {
            if (--pending_[i].left == 0) {
                deliver(pending_[i]);
                pending_.erase(pending_.begin() + long(i));
            } else {
                ++i;
            }
        }
        if (!insn.wrapped) return;
        for (size_t k = 0; k < c_.counters_.size(); ++k) {
            const Counter& counter = c_.counters_[k];
            if (!(insn.wrapped & (1u << counter.reg))) continue;
            // Counted past the wrap already (a long stall): as many packets
            // as overflow values were crossed, and the rest carries on.
            const uint64_t pic = core.counters.read_pic(core.counter_now());
            const uint64_t overflow = counter.request.overflow;
            const uint64_t past = half(pic, counter.reg);
            core.counters.write_pic(
                with_half(pic, counter.reg, uint32_t(kWrap - overflow + past % overflow)),
                core.counter_now());
            for (uint64_t n = 0; n <= past / overflow; ++n) {
                Pending p{unsigned(k), c_.options_.skid, insn.pc, insn.has_ea, insn.ea};
                if (p.left == 0)
                    deliver(p);
                else
                    pending_.push_back(p);
            }
        }
    }

    std::vector<std::unordered_map<uint64_t, uint64_t>>& exact() { return exact_; }
    const std::unordered_map<uint64_t, CpiRow>& cpi() const { return cpi_; }

private:
    struct Pending {
        unsigned counter;
        unsigned left; // instructions until the interrupt
        uint64_t true_pc;
        bool has_true_ea;
        uint64_t true_ea;
    };

    uint64_t total(size_t k) const {
        const sparc::Event e = c_.counters_[k].request.counter->any_row().event;
        return core_.counters.total(e, true, false, core_.counter_now());
    }

    void attribute(uint64_t pc) {
        for (size_t k = 0; k < exact_.size(); ++k) {
            const uint64_t now = total(k);
            if (now != last_[k]) exact_[k][pc] += now - last_[k];
            last_[k] = now;
        }
        const sparc::CpiStack now = core_.cpi_stack();
        CpiRow& row = cpi_[pc];
        ++row.instructions;
        for (const sparc::CpiCauseInfo& c : sparc::cpi_causes())
            row.cycles[unsigned(c.cause)] += now[c.cause] - cpi_last_[c.cause];
        cpi_last_ = now;
    }

    void deliver(const Pending& p) {
        const Counter& counter = c_.counters_[p.counter];
        ProfilePacket packet;
        packet.counter = p.counter;
        packet.cpu = cpu_;
        const auto* thread = c_.process_ ? c_.process_->threads().running_on(core_) : nullptr;
        packet.tid = thread ? thread->tid : 0;
        packet.cycle = core_.cycles();
        packet.true_pc = p.true_pc;
        packet.has_true_ea = p.has_true_ea;
        packet.true_ea = p.true_ea;
        const CodeReader reader(core_);
        if (counter.request.counter->memop() != sparc::MemOp::NotProgramRelated) {
            packet.pc = core_.pc;
            packet.stack = walk_stack(core_, reader, c_.functions_);
        }
        if (counter.request.backtrack) {
            packet.backtracked = true;
            const loader::ElfSymbol* f = c_.functions_.find(core_.pc);
            const uint64_t lowest = f ? f->value : 0;
            packet.candidate =
                backtrack(reader, core_.pc, counter.request.counter->memop(), lowest);
        }
        if (c_.process_ && packet.candidate.has_ea)
            c_.load_map_.note(c_.process_->memory(), packet.candidate.ea);
        if (c_.process_ && packet.has_true_ea)
            c_.load_map_.note(c_.process_->memory(), packet.true_ea);
        c_.packets_.push_back(std::move(packet));
    }

    Collector& c_;
    unsigned cpu_;
    sparc::SparcCore& core_;
    std::vector<Pending> pending_;
    std::vector<std::unordered_map<uint64_t, uint64_t>> exact_; // per counter: events per PC
    std::vector<uint64_t> last_;                                // per counter: the total seen last
    std::unordered_map<uint64_t, CpiRow> cpi_;                  // the CPI stack per PC
    sparc::CpiStack cpi_last_;                                  // the stack seen last
};

Collector::Collector(const CollectOptions& options, std::vector<sparc::SparcCpu*> cpus,
                     linux_user::LinuxProcess* process, const loader::ElfImage& image,
                     RunDescription run)
    : options_(options), cpus_(std::move(cpus)), process_(process), image_(image),
      run_(std::move(run)), functions_(image.symbols) {
    std::vector<CounterRequest> requests;
    for (const std::string& spec : options_.counters)
        requests.push_back(parse_counter_request(spec));
    if (requests.empty()) requests.push_back(parse_counter_request("cycles"));
    const std::vector<unsigned> regs = assign_registers(requests);
    for (size_t i = 0; i < requests.size(); ++i)
        counters_.push_back({requests[i], regs[i]});
    folder_ = options_.output.empty() ? next_experiment_name() : options_.output;
    create_experiment_folder(folder_);
}

Collector::~Collector() {
    for (sparc::SparcCpu* cpu : cpus_) {
        cpu->core().set_retire_observer(nullptr);
        cpu->core().pic_overflow_interrupts = true;
    }
}

void Collector::start() {
    for (unsigned i = 0; i < cpus_.size(); ++i) {
        watches_.push_back(std::make_unique<CpuWatch>(*this, i));
        watches_.back()->start();
    }
}

void Collector::finish(int exit_code) {
    ExperimentInfo info;
    info.program = std::filesystem::absolute(image_.path).string();
    info.args = run_.args;
    info.config = run_.config;
    info.model = run_.model;
    info.cpus = unsigned(cpus_.size());
    info.clock_hz = 1.0 / cpus_.front()->clock_period().to_seconds();
    info.skid = options_.skid;
    info.exact = options_.exact;
    info.exit_code = exit_code;
    for (const Counter& k : counters_) {
        const HwCounter& hw = *k.request.counter;
        info.counters.push_back({hw.name, hw.raw, hw.units(), k.reg, k.request.overflow,
                                 hw.cycles(), k.request.backtrack, sparc::memop_name(hw.memop())});
    }
    ExactProfile exact;
    exact.events.resize(counters_.size());
    for (auto& w : watches_) {
        for (size_t k = 0; k < w->exact().size(); ++k)
            for (const auto& [pc, n] : w->exact()[k])
                exact.events[k][pc] += n;
        for (const auto& [pc, row] : w->cpi()) {
            CpiRow& sum = exact.cpi[pc];
            sum.instructions += row.instructions;
            for (unsigned c = 0; c < sparc::kCpiCauses; ++c)
                sum.cycles[c] += row.cycles[c];
        }
    }
    if (process_) load_map_.note_all(process_->memory());
    write_experiment(folder_, info, packets_, options_.exact ? &exact : nullptr, image_,
                     load_map_.segments());
}

size_t Collector::packets() const {
    return packets_.size();
}

} // namespace fireplane::profiling
