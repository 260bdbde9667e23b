#pragma once
// The listings' output: aligned text with two header lines, or TSV with one.
#include <ostream>
#include <string>
#include <vector>

namespace fireplane::analyzer {

class Table {
public:
    // `title`: the column's first header line (and its TSV name); `unit`: the
    // second line of the text header. Numbers align right, text left.
    void add_column(std::string title, std::string unit = "", bool left = false);
    void add_row(std::vector<std::string> cells);
    size_t rows() const { return rows_.size(); }
    size_t columns() const { return columns_.size(); }

    void print(std::ostream& out, bool tsv) const;

private:
    struct Column {
        std::string title, unit;
        bool left;
    };
    std::vector<Column> columns_;
    std::vector<std::vector<std::string>> rows_;
};

} // namespace fireplane::analyzer
