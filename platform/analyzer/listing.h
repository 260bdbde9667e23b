#pragma once
// The shape every metric listing shares (functions, lines, data_objects): a
// heading, the metric columns and a name column, <Total> first, then as many
// rows as the session shows, largest first.
#include "metrics.h"
#include "session.h"
#include "table.h"

#include <string>
#include <utility>
#include <vector>

namespace fireplane::analyzer {

constexpr const char* kTotal = "<Total>";

// `name_of(key)` is what the name column shows for a row.
template <typename Key, typename NameOf>
void print_listing(Session& s, const std::string& heading, const char* name_column,
                   const std::vector<Metric>& metrics,
                   const std::vector<std::pair<Key, Values>>& rows, const Values& total,
                   NameOf name_of) {
    Table table;
    add_metric_columns(table, metrics, s.x, s.tsv);
    table.add_column(s.tsv ? "name" : name_column, "", true);
    const auto add = [&](const std::string& name, const Values& v) {
        std::vector<std::string> row;
        add_metric_cells(row, metrics, v, total, s.x, s.tsv);
        row.push_back(name);
        table.add_row(std::move(row));
    };
    add(kTotal, total);
    for (size_t i = 0; i < s.shown(rows.size()); ++i)
        add(name_of(rows[i].first), rows[i].second);
    if (!s.tsv) s.out << heading << "\n\n";
    table.print(s.out, s.tsv);
}

} // namespace fireplane::analyzer
