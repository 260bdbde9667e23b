// Session: measuring a library of live points (live_points.h). The parent
// makes the machine ready once; each point is restored in a child process
// forked from it, so restoring costs only the point's own sections, and the
// children run side by side. SystemC's coroutines are in the one host thread
// that fork() copies.
#include "core/checkpoint/checkpoint_error.h"
#include "core/text/hex_text.h"
#include "models/common/memory_image.h"
#include "models/cpu/isa_table.h"
#include "session.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <sstream>

namespace fireplane {

namespace {

// What a child says of its point: a byte of Outcome::Kind, why (for any other
// than Ok), a newline, the notes, a NUL, and the sums (Ok only).
void write_all(int fd, const void* data, size_t n) {
    const auto* p = static_cast<const char*>(data);
    while (n) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        p += w;
        n -= size_t(w);
    }
}

std::string read_all(int fd) {
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t r = ::read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return out;
        out.append(buf, size_t(r));
    }
}

struct Outcome {
    enum Kind : char {
        Ok = 'o',
        Unusable = 'u', // the unit ran differently: left out
        Bad = 'b',      // the point is damaged: a CheckpointError
        Internal = 'i', // a model bug
    } kind = Internal;
    std::string why, notes;
    Sampler::UnitSums sums;
};

Outcome parse(const std::string& text, size_t metrics) {
    Outcome o;
    const size_t nl = text.find('\n'), nul = text.find('\0', nl == std::string::npos ? 0 : nl);
    if (nl == std::string::npos || nul == std::string::npos) {
        o.why = "its process ended without a result";
        return o;
    }
    o.kind = Outcome::Kind(text[0]);
    o.why = text.substr(1, nl - 1);
    o.notes = text.substr(nl + 1, nul - nl - 1);
    if (o.kind != Outcome::Ok) return o;
    if (text.size() - nul - 1 != metrics * 2 * sizeof(double)) {
        o.kind = Outcome::Internal;
        o.why = "a damaged result from its process";
        return o;
    }
    const char* p = text.data() + nul + 1;
    for (size_t i = 0; i < metrics; ++i) {
        double v[2];
        std::memcpy(v, p + i * sizeof v, sizeof v);
        o.sums.emplace_back(v[0], v[1]);
    }
    return o;
}

} // namespace

void Session::measure_live_point(const CheckpointReader& reader,
                                 const std::vector<std::string>& restored, int fd) {
    Outcome::Kind kind = Outcome::Ok;
    std::string why;
    std::ostringstream notes;
    try {
        // The guest's output is the run that made the point's, not this one's.
        const int null = ::open("/dev/null", O_RDWR);
        ::dup2(null, STDIN_FILENO);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        finish_restore(reader, notes, restored);
        limits_.pause_left = sampler_->start_unit();
        run();
        size_t beyond = 0;
        std::string where;
        for (const CheckpointRegistry::Section& s : checkpoints_.sections())
            if (const auto* m = dynamic_cast<const MemoryImage*>(s.model)) {
                const std::vector<uint64_t> offsets = m->touched_beyond_restored();
                if (!offsets.empty() && where.empty())
                    where = " (the first at " + s.name + " + " + hex(offsets.front()) + ")";
                beyond += offsets.size();
            }
        if (!sampler_->done() || beyond) kind = Outcome::Unusable;
        if (!sampler_->done())
            why = "the software ended within the unit";
        else if (beyond)
            why = "the unit touched " + std::to_string(beyond) +
                  " chunks of memory the point does not hold" + where +
                  ": it ran differently from the run that saved it";
    } catch (const CheckpointError& e) {
        kind = Outcome::Bad;
        why = e.what();
    } catch (const std::exception& e) {
        kind = Outcome::Internal;
        why = e.what();
    }
    std::string text = char(kind) + why + "\n" + notes.str();
    text.push_back('\0');
    if (kind == Outcome::Ok)
        for (const auto& [num, den] : sampler_->last_unit()) {
            const double v[2] = {num, den};
            text.append(reinterpret_cast<const char*>(v), sizeof v);
        }
    write_all(fd, text.data(), text.size());
    ::_exit(0); // no destructors: they belong to the parent's machine
}

Session::LivePointRun Session::run_live_points(const std::string& dir, unsigned jobs) {
    StatsRegistry::Scope scope(stats_);
    CheckpointRegistry::Scope checkpoint_scope(checkpoints_);
    if (process_ || firmware_)
        throw std::logic_error("Session::run_live_points: a program is already loaded");
    const auto start = std::chrono::steady_clock::now();
    const LivePointLibrary library = LivePointLibrary::read(dir);
    if (library.points.empty())
        throw CheckpointError("'" + dir + "' holds no live points: its run measured no unit");
    if (library.machine_hash != machine_hash())
        throw CheckpointError("the live points in '" + dir + "' were made on another machine ('" +
                              library.machine_file + "') than '" + machine_.file +
                              "': CPUs, memories, devices or their addresses differ");
    make_sampler(library.sampling, "live points");
    begin_restore(library.mode, library.argv, dir);
    // Every point's manifest read here, before the first child: what a child
    // writes costs it a page fault a page, what the parent reads now does not.
    std::vector<CheckpointReader> readers;
    readers.reserve(library.points.size());
    for (const std::string& p : library.points) {
        readers.emplace_back(dir + "/" + p);
        if (!readers.back().info().live_point)
            throw CheckpointError("'" + dir + "/" + p + "' is a checkpoint, not a live point");
        readers.back().check_machine(machine_hash(), machine_.file);
    }
    // Sections of plain data (the caches, predictors, page table: most of a
    // point's bytes) are restored here, in place, before each child: consecutive
    // points differ in a few lines, so the parent writes few pages and the
    // child none. Only those every point holds (warm, in this machine's
    // shape); the child restores the rest, as a checkpoint restores.
    std::vector<std::string> in_parent;
    for (const CheckpointRegistry::Section& s : checkpoints_.sections())
        if (s.model->plain_data() &&
            std::all_of(readers.begin(), readers.end(), [&](const CheckpointReader& r) {
                return r.holds(s.name, s.model->shape());
            }))
            in_parent.push_back(s.name);
    SectionBuffer buffer;
    // Tables built on first use are built here, once, rather than in every child.
    sparc::isa_rows();

    LivePointRun result;
    result.points = library.points.size();
    std::vector<Outcome> outcomes(library.points.size());
    struct Child {
        pid_t pid;
        int fd;
        size_t point;
    };
    std::deque<Child> running;
    const auto reap = [&] {
        const Child c = running.front();
        running.pop_front();
        const std::string text = read_all(c.fd);
        ::close(c.fd);
        int st = 0;
        while (::waitpid(c.pid, &st, 0) < 0 && errno == EINTR) {
        }
        outcomes[c.point] = parse(text, Sampler::metric_table().size());
        if (WIFSIGNALED(st)) {
            outcomes[c.point].kind = Outcome::Internal;
            outcomes[c.point].why = "its process died of signal " + std::to_string(WTERMSIG(st));
        }
    };
    std::fflush(nullptr); // nothing buffered twice
    for (size_t i = 0; i < library.points.size(); ++i) {
        if (running.size() >= std::max(1u, jobs)) reap();
        readers[i].restore_in_place(checkpoints_, in_parent, buffer);
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("live points: pipe failed");
        const pid_t pid = ::fork();
        if (pid < 0) throw std::runtime_error("live points: fork failed");
        if (pid == 0) {
            ::close(fds[0]);
            measure_live_point(readers[i], in_parent, fds[1]);
        }
        ::close(fds[1]);
        running.push_back({pid, fds[0], i});
    }
    while (!running.empty())
        reap();

    // In point order, whatever order the children ended in: the same estimates every time.
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const Outcome& o = outcomes[i];
        const std::string what = "live point '" + library.points[i] + "': " + o.why;
        if (o.kind == Outcome::Bad) throw CheckpointError(what);
        if (o.kind == Outcome::Internal) throw std::runtime_error(what);
        if (o.kind == Outcome::Unusable) {
            result.unusable.push_back(library.points[i] + ": " + o.why);
            continue;
        }
        if (result.notes.empty()) result.notes = o.notes;
        sampler_->add_unit(o.sums);
    }
    result.host_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace fireplane
