#include "args.h"

namespace tl::cli {

Result<Args> Args::parse(int argc, char** argv, const std::set<std::string>& flags,
                         const std::set<std::string>& known) {
    Args a;
    bool only_words = false;
    for (int i = 1; i < argc; ++i) {
        std::string s = argv[i];
        if (only_words || s.size() < 3 || s.rfind("--", 0) != 0) {
            if (s == "--") {
                only_words = true;
                continue;
            }
            if (s.size() > 1 && s[0] == '-' && s != "-" && !only_words && s.rfind("--", 0) != 0) {
                if (s == "-h") {
                    a.options_["help"].push_back("1");
                    continue;
                }
                if (s == "-V") {
                    a.options_["version"].push_back("1");
                    continue;
                }
                return make_error(ErrorKind::InvalidArgument,
                                  "unknown option '" + s + "'; see tapeloom-cli --help");
            }
            a.words_.push_back(s);
            continue;
        }
        std::string name = s.substr(2);
        std::string value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (flags.count(name) || !known.count(name)) {
            value = "1";
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return make_error(ErrorKind::InvalidArgument, "option --" + name + " needs a value");
        }
        a.options_[name].push_back(value);
    }
    return a;
}

Args Args::from_parts(std::vector<std::string> words,
                      std::map<std::string, std::vector<std::string>> options) {
    Args a;
    a.words_ = std::move(words);
    a.options_ = std::move(options);
    return a;
}

std::string Args::get(const std::string& name, const std::string& fallback) const {
    auto it = options_.find(name);
    return it == options_.end() || it->second.empty() ? fallback : it->second.back();
}

std::vector<std::string> Args::all(const std::string& name) const {
    auto it = options_.find(name);
    return it == options_.end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::string> Args::unknown(const std::set<std::string>& allowed) const {
    std::vector<std::string> out;
    for (const auto& [name, values] : options_)
        if (!allowed.count(name)) out.push_back(name);
    return out;
}

void Args::drop_words(std::size_t n) {
    words_.erase(words_.begin(), words_.begin() + static_cast<long>(std::min(n, words_.size())));
}

} // namespace tl::cli
