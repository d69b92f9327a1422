#include "commands/file_list_text.h"

namespace tl::cli {

void FileListText::start_group(const std::string& source) {
    out_ << '\n' << source << ":\n";
    current_ = source;
}

void FileListText::add(const std::string& source, const std::string& name, bool dir,
                       std::uint64_t size) {
    if (!any_) {
        any_ = true;
        first_source_ = current_ = source;
    }
    if (!several_ && source != first_source_) {
        several_ = true;
        out_ << first_source_ << ":\n" << held_;
        held_.clear();
        start_group(source);
    } else if (several_ && source != current_) {
        start_group(source);
    }
    std::string line;
    const std::string shown = dir ? std::string("<dir>") : std::to_string(size);
    if (shown.size() < 14) line.append(14 - shown.size(), ' ');
    line += shown;
    line += "  ";
    line += name;
    if (dir) line += '/';
    line += '\n';
    if (several_)
        out_ << line;
    else
        held_ += line;
}

void FileListText::finish() {
    out_ << held_;
    held_.clear();
}

} // namespace tl::cli
