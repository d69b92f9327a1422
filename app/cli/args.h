#pragma once
// Command-line words and options: "--name value", "--name=value" and boolean "--flag".
// Which options are flags is declared by the caller, so "--json status" parses as expected.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::cli {

class Args {
public:
    // Options in `flags` take no value; options in neither `flags` nor `known` are kept without
    // a value (so the command can report them as unknown). Repeated options keep every value.
    static Result<Args> parse(int argc, char** argv, const std::set<std::string>& flags,
                              const std::set<std::string>& known);
    // Words and options as given (a flag's value is "1"), e.g. from a request to the service.
    static Args from_parts(std::vector<std::string> words,
                           std::map<std::string, std::vector<std::string>> options);

    const std::vector<std::string>& words() const { return words_; }
    const std::map<std::string, std::vector<std::string>>& options() const { return options_; }
    bool has(const std::string& name) const { return options_.count(name) > 0; }
    // The last value given, or `fallback`.
    std::string get(const std::string& name, const std::string& fallback = {}) const;
    std::vector<std::string> all(const std::string& name) const;
    // Names of options not in `allowed` (for a clear "unknown option" error).
    std::vector<std::string> unknown(const std::set<std::string>& allowed) const;
    void drop_words(std::size_t n);

private:
    std::vector<std::string> words_;
    std::map<std::string, std::vector<std::string>> options_;
};

} // namespace tl::cli
