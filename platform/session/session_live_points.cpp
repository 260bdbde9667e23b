// Session: measuring a library of live points (live_points.h). The parent
// makes the machine ready once and forks a process per `jobs`, each with a
// run of consecutive points. A process restores point after point into its
// machine, parking it between them (park_for_restore); restoring in place
// writes the few pages that differ, where a process per point paid a page
// fault for every page it wrote. A point whose machine cannot be parked ends
// its process, and a new one, forked from the untouched parent, goes on from
// the next point. SystemC's coroutines are in the one host thread that
// fork() copies.
#include "core/checkpoint/checkpoint_error.h"
#include "core/text/hex_text.h"
#include "models/common/memory_image.h"
#include "models/cpu/isa_table.h"
#include "session.h"
#include "standard_streams.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <optional>
#include <sstream>
#include <thread>

namespace fireplane {

namespace {

// What a child says of a point: the point's index and the record's length
// (8 bytes each), then a byte of Outcome::Kind, why (for any other than Ok),
// a newline, why the machine could not be parked after it (if so), a
// newline, the notes, a NUL, and the sums (Ok only).
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

struct Outcome {
    enum Kind : char {
        Ok = 'o',
        Unusable = 'u', // the unit ran differently: left out
        Bad = 'b',      // the point is damaged: a CheckpointError
        Internal = 'i', // a model bug
    } kind = Internal;
    std::string why = "no process reported on it", notes;
    std::string ends; // why its machine could not be parked after it
    Sampler::UnitSums sums;
};

Outcome parse(const std::string& text, size_t metrics) {
    Outcome o;
    const size_t nl = text.find('\n'), nl2 = text.find('\n', nl == std::string::npos ? 0 : nl + 1),
                 nul = text.find('\0', nl2 == std::string::npos ? 0 : nl2);
    if (nl == std::string::npos || nl2 == std::string::npos || nul == std::string::npos) {
        o.why = "its process ended without a result";
        return o;
    }
    o.kind = Outcome::Kind(text[0]);
    o.why = text.substr(1, nl - 1);
    o.ends = text.substr(nl + 1, nl2 - nl - 1);
    o.notes = text.substr(nl2 + 1, nul - nl2 - 1);
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

// The points' manifests, read on every host core: a manifest takes yaml-cpp
// about a millisecond, and a library on 12 CPUs has thousands. The first
// point that fails to read, in order, is the error.
std::vector<CheckpointReader> read_manifests(const std::string& dir,
                                             const std::vector<std::string>& points) {
    const size_t n = points.size();
    std::vector<std::optional<CheckpointReader>> read(n);
    std::vector<std::exception_ptr> failed(n);
    const size_t workers = std::min<size_t>(n, std::max(1u, std::thread::hardware_concurrency()));
    std::atomic<size_t> next{0};
    const auto work = [&] {
        for (size_t i; (i = next++) < n;)
            try {
                read[i].emplace(dir + "/" + points[i]);
            } catch (...) {
                failed[i] = std::current_exception();
            }
    };
    std::vector<std::thread> threads;
    for (size_t t = 1; t < workers; ++t)
        threads.emplace_back(work);
    work();
    for (std::thread& t : threads)
        t.join();
    std::vector<CheckpointReader> readers;
    readers.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        if (failed[i]) std::rethrow_exception(failed[i]);
        readers.push_back(std::move(*read[i]));
    }
    return readers;
}

} // namespace

void Session::measure_live_points(const std::vector<CheckpointReader>& points, size_t first,
                                  size_t end, const std::vector<std::string>& streams, int fd) {
    // The guest's output is the run that made the points', not this one's;
    // its streams are of the kinds that run's were (standard_streams.h).
    std::string no_streams; // why not, reported as the first point's outcome
    try {
        for (int s = 0; s < 3; ++s)
            stand_in_stream(s, streams[size_t(s)]);
    } catch (const std::exception& e) {
        no_streams = e.what();
    }
    SectionBuffers buffers;
    for (size_t i = first; i < end; ++i) {
        const CheckpointReader& reader = points[i];
        Outcome::Kind kind = Outcome::Ok;
        std::string why;
        std::ostringstream notes;
        try {
            if (!no_streams.empty()) throw std::runtime_error(no_streams);
            finish_restore(reader, notes, &buffers);
            sampler_->start_unit();
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
        std::string sums;
        if (kind == Outcome::Ok)
            for (const auto& [num, den] : sampler_->last_unit()) {
                const double v[2] = {num, den};
                sums.append(reinterpret_cast<const char*>(v), sizeof v);
            }
        // A model the next point does not set (an optional section saved cold,
        // or of another geometry) must start cold, as in a machine just built:
        // a new process goes on from the next point, as when parking fails.
        // Parked before the record is sent, so that it can say why not.
        bool go_on = (kind == Outcome::Ok || kind == Outcome::Unusable) && i + 1 < end &&
                     points[i + 1].restores_whole(checkpoints_);
        std::string ends;
        if (go_on) {
            const sc_core::sc_time next(double(points[i + 1].info().time_ps), sc_core::SC_PS);
            ends = park_for_restore(next);
            go_on = ends.empty();
        }
        std::string text = char(kind) + why + "\n" + ends + "\n" + notes.str();
        text.push_back('\0');
        text += sums;
        const uint64_t header[2] = {i, text.size()};
        write_all(fd, header, sizeof header);
        write_all(fd, text.data(), text.size());
        if (!go_on) break;
    }
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
    // Every point's manifest read here, once, before the first child.
    std::vector<CheckpointReader> readers = read_manifests(dir, library.points);
    for (size_t i = 0; i < readers.size(); ++i) {
        if (!readers[i].info().live_point)
            throw CheckpointError("'" + dir + "/" + library.points[i] +
                                  "' is a checkpoint, not a live point");
        readers[i].check_machine(machine_hash(), machine_.file);
    }
    // Tables built on first use are built here, once, rather than in every child.
    sparc::isa_rows();

    const size_t n = library.points.size();
    LivePointRun result;
    result.points = n;
    std::vector<Outcome> outcomes(n);
    struct Child {
        pid_t pid;
        int fd;
        size_t first, next, end; // its run of points, and the next it reports
        std::string pending;
    };
    std::vector<Child> running;
    std::fflush(nullptr); // nothing buffered twice
    const auto spawn = [&](size_t first, size_t end) {
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("live points: pipe failed");
        const pid_t pid = ::fork();
        if (pid < 0) throw std::runtime_error("live points: fork failed");
        if (pid == 0) {
            ::close(fds[0]);
            for (const Child& c : running)
                ::close(c.fd);
            measure_live_points(readers, first, end, library.streams, fds[1]);
        }
        ::close(fds[1]);
        running.push_back({pid, fds[0], first, first, end, {}});
        ++result.processes;
    };
    // Consecutive points to each process: they differ least.
    const size_t processes = std::min<size_t>(std::max(1u, jobs), n);
    for (size_t j = 0; j < processes; ++j)
        spawn(n * j / processes, n * (j + 1) / processes);
    const size_t header = 2 * sizeof(uint64_t), metrics = Sampler::metric_table().size();
    while (!running.empty()) {
        std::vector<pollfd> fds;
        for (const Child& c : running)
            fds.push_back({c.fd, POLLIN, 0});
        if (::poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("live points: poll failed");
        }
        for (size_t k = running.size(); k-- > 0;) {
            if (!fds[k].revents) continue;
            Child& c = running[k];
            char buf[65536];
            const ssize_t r = ::read(c.fd, buf, sizeof buf);
            if (r < 0 && errno == EINTR) continue;
            if (r > 0) {
                c.pending.append(buf, size_t(r));
                uint64_t h[2];
                while (c.pending.size() >= header && (std::memcpy(h, c.pending.data(), header),
                                                      c.pending.size() >= header + h[1])) {
                    if (h[0] != c.next)
                        throw std::logic_error("live points: a record out of order");
                    outcomes[c.next++] = parse(c.pending.substr(header, h[1]), metrics);
                    c.pending.erase(0, header + h[1]);
                }
                continue;
            }
            // The process ended: it measured its run, stopped at a point its
            // machine could not go on from, or died at one.
            ::close(c.fd);
            int st = 0;
            while (::waitpid(c.pid, &st, 0) < 0 && errno == EINTR) {
            }
            const Child ended = c;
            running.erase(running.begin() + long(k));
            if (ended.next == ended.end) continue;
            if (WIFSIGNALED(st)) {
                outcomes[ended.next].kind = Outcome::Internal;
                outcomes[ended.next].why =
                    "its process died of signal " + std::to_string(WTERMSIG(st));
                continue;
            }
            // A process that reported nothing, or an error, ends the run (below).
            const Outcome::Kind last =
                ended.next > ended.first ? outcomes[ended.next - 1].kind : Outcome::Internal;
            if (last == Outcome::Ok || last == Outcome::Unusable) spawn(ended.next, ended.end);
        }
    }

    // In point order, whatever process measured them: the same estimates every time.
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const Outcome& o = outcomes[i];
        if (!o.ends.empty()) result.unparked.push_back("'" + library.points[i] + "': " + o.ends);
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
