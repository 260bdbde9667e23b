#include "analyzer.h"

#include "reports.h"
#include "tsv_file.h"

#include <algorithm>
#include <stdexcept>

namespace fireplane::analyzer {

namespace {

enum class Arg { None, Required, Optional };

struct Command {
    const char* name;
    Arg arg;
    const char* arg_name;
    bool listing; // prints something; without any, `functions` runs
    const char* help;
    void (*run)(Session& s, const std::string& arg);
};

void set_metrics(Session& s, const std::string& spec) {
    s.metrics = parse_metrics(spec, s.x);
}
void set_sort(Session& s, const std::string& spec) {
    s.sort = parse_sort_key(spec, s.x);
}
void set_limit(Session& s, const std::string& n) {
    size_t used = 0;
    unsigned long value = 0;
    try {
        value = std::stoul(n, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (n.empty() || used != n.size() || n[0] == '-')
        throw std::invalid_argument("limit: expected a number of rows, got '" + n + "'");
    s.limit = value;
}
void set_format(Session& s, const std::string& format) {
    if (format != "text" && format != "tsv")
        throw std::invalid_argument("format: expected text or tsv, got '" + format + "'");
    s.tsv = format == "tsv";
}
void print_help(Session& s, const std::string&) {
    s.out << usage();
}

// Every command, in the order the usage text lists them.
const Command kCommands[] = {
    {"metrics", Arg::Required, "SPEC", false,
     "metrics to show, e.g. e.cycles:i.cycles:e.dcrm (e. exclusive, i. inclusive, ei. both; "
     "e.%NAME adds the share of the total, e%NAME shows it alone; default: every counter, "
     "exclusive then inclusive)",
     set_metrics},
    {"sort", Arg::Required, "KEY", false,
     "sort listings by one metric, e.g. e.dcrm (default: the "
     "first metric shown)",
     set_sort},
    {"limit", Arg::Required, "N", false, "print at most N rows per listing (0: all)", set_limit},
    {"format", Arg::Required, "text|tsv", false, "output format of the listings after it",
     set_format},
    {"tsv", Arg::None, "", false, "same as format tsv (also --tsv)",
     [](Session& s, const std::string&) { s.tsv = true; }},
    {"functions", Arg::None, "", true, "metrics per function, <Total> first",
     [](Session& s, const std::string&) { report_functions(s); }},
    {"callers-callees", Arg::None, "", true,
     "per function: its callers, the function (*) with its exclusive metrics, its callees; "
     "attributed metrics",
     [](Session& s, const std::string&) { report_callers_callees(s); }},
    {"pcs", Arg::None, "", true, "metrics per PC, with function + offset and the disassembly",
     [](Session& s, const std::string&) { report_pcs(s); }},
    {"lines", Arg::None, "", true, "metrics per source line (DWARF of the archived program)",
     [](Session& s, const std::string&) { report_lines(s); }},
    {"data_objects", Arg::None, "", true,
     "backtracking counters' events per data object of the candidate address",
     [](Session& s, const std::string&) { report_data_objects(s); }},
    {"cpu_list", Arg::None, "", true, "packets, threads and events per CPU",
     [](Session& s, const std::string&) { report_cpu_list(s); }},
    {"folded", Arg::Optional, "[FILE]", true,
     "folded stacks for flame graphs, weighted by the sort counter's events (to FILE or stdout)",
     report_folded},
    {"truth", Arg::None, "", true,
     "sampled against exact counts per function, and backtracking accuracy (--exact experiments)",
     [](Session& s, const std::string&) { report_truth(s); }},
    {"cpi", Arg::None, "", true,
     "the CPI stack per function: every cycle by cause (--exact experiments)",
     [](Session& s, const std::string&) { report_cpi(s); }},
    {"header", Arg::None, "", true, "what was collected: program, counters, skid, packets, CPUs",
     [](Session& s, const std::string&) { report_header(s); }},
    {"experiment", Arg::None, "", true, "same as header",
     [](Session& s, const std::string&) { report_header(s); }},
    {"help", Arg::None, "", true, "this text", print_help},
};

// er_print accepts `-functions`; `--tsv` reads naturally too.
std::string command_word(const std::string& word) {
    size_t dashes = 0;
    while (dashes < 2 && dashes < word.size() && word[dashes] == '-')
        ++dashes;
    return word.substr(dashes);
}

const Command* find_command(const std::string& word) {
    const std::string name = command_word(word);
    for (const auto& c : kCommands)
        if (name == c.name) return &c;
    return nullptr;
}

struct Step {
    const Command* command;
    std::string arg;
};

std::vector<Step> parse_steps(const std::vector<std::string>& args) {
    std::vector<Step> steps;
    for (size_t i = 1; i < args.size(); ++i) {
        const Command* c = find_command(args[i]);
        if (!c)
            throw std::invalid_argument("analyze: unknown command '" + args[i] +
                                        "' (`fireplane analyze help` lists the commands)");
        Step step{c, ""};
        const bool next = i + 1 < args.size();
        if (c->arg == Arg::Required) {
            if (!next)
                throw std::invalid_argument(std::string("analyze: ") + c->name + " needs " +
                                            c->arg_name);
            step.arg = args[++i];
        } else if (c->arg == Arg::Optional && next && !find_command(args[i + 1])) {
            step.arg = args[++i];
        }
        steps.push_back(step);
    }
    return steps;
}

} // namespace

std::string usage() {
    std::string text = "usage: fireplane analyze EXP.er [COMMAND [ARG]]...\n"
                       "Commands run in order (a leading - is accepted, as in er_print); "
                       "without a listing, functions.\n";
    size_t width = 0;
    for (const auto& c : kCommands)
        width = std::max(width, std::string(c.name).size() + 1 + std::string(c.arg_name).size());
    constexpr size_t kColumns = 100;
    const size_t indent = width + 4;
    for (const auto& c : kCommands) {
        const std::string left = std::string(c.name) + (*c.arg_name ? " " : "") + c.arg_name;
        std::string line = "  " + left + std::string(width + 2 - left.size(), ' ');
        // Wrap the description under itself.
        for (const auto& word : split(c.help, ' ')) {
            if (line.size() > indent && line.size() + 1 + word.size() > kColumns) {
                text += line + "\n";
                line = std::string(indent, ' ');
            }
            line += (line.size() > indent ? " " : "") + word;
        }
        text += line + "\n";
    }
    return text;
}

int run(const std::vector<std::string>& args, std::ostream& out) {
    if (args.empty())
        throw std::invalid_argument("analyze: no experiment folder given (`fireplane analyze "
                                    "help` lists the commands)");
    if (command_word(args[0]) == "help" || command_word(args[0]) == "h") {
        out << usage();
        return 0;
    }
    const std::vector<Step> steps = parse_steps(args);
    const Experiment x = read_experiment(args[0]);
    // State commands first on a scratch session, so a bad metric or sort key
    // fails before any listing has printed.
    {
        Session scratch(x, out);
        for (const auto& step : steps)
            if (!step.command->listing) step.command->run(scratch, step.arg);
    }
    Session session(x, out);
    bool listed = false;
    for (const auto& step : steps) {
        if (listed && step.command->listing) out << '\n'; // between two listings
        step.command->run(session, step.arg);
        listed = listed || step.command->listing;
    }
    if (!listed) report_functions(session);
    return 0;
}

} // namespace fireplane::analyzer
