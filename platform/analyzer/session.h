#pragma once
// The analyzer's state while it runs a command line: the experiment, the
// state commands' settings (metrics, sort, limit, format) and, loaded on
// first use, the archived program's text and source lines.
#include "experiment.h"
#include "metrics.h"
#include "program_text.h"
#include "source_lines.h"
#include "symbol_map.h"

#include <memory>
#include <optional>
#include <ostream>

namespace fireplane::analyzer {

class Session {
public:
    Session(const Experiment& experiment, std::ostream& out)
        : x(experiment), out(out), symbols(experiment), metrics(default_metrics(experiment)) {}

    const Experiment& x;
    std::ostream& out;
    SymbolMap symbols;

    std::vector<Metric> metrics;
    std::optional<Metric> sort; // unset: the first metric shown
    size_t limit = 0;           // rows per listing; 0: all
    bool tsv = false;

    Metric sort_metric() const { return sort ? *sort : metrics.front(); }
    // The metrics' counters, each once, in the order shown.
    std::vector<unsigned> counters() const;
    // How many of `rows` a listing prints.
    size_t shown(size_t rows) const { return limit && limit < rows ? limit : rows; }

    const ProgramText& text();
    const SourceLines& lines();

private:
    std::unique_ptr<ProgramText> text_;
    std::unique_ptr<SourceLines> lines_;
};

} // namespace fireplane::analyzer
