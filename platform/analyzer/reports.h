#pragma once
// The listing commands of `fireplane analyze`, one function each. They print
// to the session's stream, as aligned text or TSV.
#include "session.h"

#include <string>

namespace fireplane::analyzer {

void report_functions(Session& s);
void report_callers_callees(Session& s);
void report_pcs(Session& s);
void report_lines(Session& s);
void report_data_objects(Session& s);
void report_cpu_list(Session& s);
void report_folded(Session& s, const std::string& file); // "" for the session's stream
void report_truth(Session& s);
void report_cpi(Session& s);
void report_header(Session& s);

// "Exclusive cycles", for the listings' headings.
std::string sort_heading(const Session& s);

} // namespace fireplane::analyzer
