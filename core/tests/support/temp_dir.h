#pragma once
// A scratch folder for a test case or a fuzz target, removed with what was
// written in it, so that neither leaves files behind in the host's temp folder.
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace fireplane::test {

class TempDir {
public:
    explicit TempDir(const std::string& prefix = "fireplane") {
        std::string pattern =
            (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
        if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make " + pattern);
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored; // a folder the test made unreadable stays, not an abort
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::string& path() const { return path_; }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

} // namespace fireplane::test
