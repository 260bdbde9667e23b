#include "table.h"

#include <algorithm>
#include <stdexcept>

namespace fireplane::analyzer {

void Table::add_column(std::string title, std::string unit, bool left) {
    columns_.push_back({std::move(title), std::move(unit), left});
}

void Table::add_row(std::vector<std::string> cells) {
    if (cells.size() != columns_.size())
        throw std::logic_error("table row with " + std::to_string(cells.size()) + " cells for " +
                               std::to_string(columns_.size()) + " columns");
    rows_.push_back(std::move(cells));
}

void Table::print(std::ostream& out, bool tsv) const {
    if (tsv) {
        const auto line = [&out](const std::vector<std::string>& cells) {
            for (size_t i = 0; i < cells.size(); ++i)
                out << (i ? "\t" : "") << cells[i];
            out << '\n';
        };
        std::vector<std::string> head;
        for (const auto& c : columns_)
            head.push_back(c.title);
        line(head);
        for (const auto& r : rows_)
            line(r);
        return;
    }
    std::vector<size_t> width(columns_.size());
    for (size_t i = 0; i < columns_.size(); ++i) {
        width[i] = std::max(columns_[i].title.size(), columns_[i].unit.size());
        for (const auto& r : rows_)
            width[i] = std::max(width[i], r[i].size());
    }
    const auto line = [&](const std::vector<std::string>& cells) {
        std::string text;
        for (size_t i = 0; i < cells.size(); ++i) {
            const std::string pad(width[i] - cells[i].size(), ' ');
            if (i) text += "  ";
            text += columns_[i].left ? cells[i] + pad : pad + cells[i];
        }
        while (!text.empty() && text.back() == ' ')
            text.pop_back();
        out << text << '\n';
    };
    std::vector<std::string> titles, units;
    for (const auto& c : columns_) {
        titles.push_back(c.title);
        units.push_back(c.unit);
    }
    line(titles);
    if (std::any_of(units.begin(), units.end(), [](const auto& u) { return !u.empty(); }))
        line(units);
    for (const auto& r : rows_)
        line(r);
}

} // namespace fireplane::analyzer
