#pragma once
// Component names as they appear in YAML keys and --set patterns.
#include <string>
#include <string_view>
#include <vector>

namespace fireplane {

// A component or template name: a letter or '_', then letters, digits, '_' or '-'.
// No dots, so that "cpu0.dcache.size" splits unambiguously.
bool valid_name(std::string_view name);

// "cpu[1..3]" -> cpu1, cpu2, cpu3; "mem[00..02]" -> mem00, mem01, mem02 (a leading
// zero sets the width). Text around the range is kept; a key without '[' is
// returned as is. Throws std::invalid_argument on a malformed range.
std::vector<std::string> expand_range(const std::string& key);

// Shell-style match over the whole name: '*' any run, '?' any one character.
bool glob_match(std::string_view pattern, std::string_view name);

// " (did you mean 'x'?)" for the candidate closest to `word`, or "" if none is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

} // namespace fireplane
