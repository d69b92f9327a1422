#include "client/json_cursor.h"

#include <charconv>
#include <cmath>

#include <nlohmann/json.hpp>

namespace tl::client {

namespace {
constexpr int kMaxDepth = 64;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
} // namespace

void JsonCursor::skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
        ++at_;
}

bool JsonCursor::fail() {
    failed_ = true;
    return false;
}

bool JsonCursor::next_is(char c) {
    skip_space();
    return !failed_ && at_ < text_.size() && text_[at_] == c;
}

bool JsonCursor::take(char c) {
    if (!next_is(c)) return fail();
    ++at_;
    return true;
}

bool JsonCursor::more(char close) {
    if (next_is(',')) {
        ++at_;
        return true;
    }
    take(close);
    return false;
}

bool JsonCursor::string_view(std::string_view& out) {
    if (!take('"')) return false;
    const std::size_t start = at_;
    bool escaped = false;
    for (; at_ < text_.size(); ++at_) {
        const char c = text_[at_];
        if (c == '"') break;
        if (static_cast<unsigned char>(c) < 0x20) return fail();
        if (c == '\\') {
            escaped = true;
            ++at_; // the escaped character; the decoder below checks it
        }
    }
    if (at_ >= text_.size()) return fail();
    out = text_.substr(start, at_ - start);
    ++at_;
    if (!escaped) return true;
    // Escapes are rare in these answers: nlohmann decodes them (\uXXXX pairs included).
    auto j = nlohmann::json::parse(text_.substr(start - 1, out.size() + 2), nullptr, false);
    if (!j.is_string()) return fail();
    decoded_ = j.get<std::string>();
    out = decoded_;
    return true;
}

bool JsonCursor::string(std::string& out) {
    std::string_view v;
    if (!string_view(v)) return false;
    out.assign(v);
    return true;
}

bool JsonCursor::literal(std::string_view word) {
    skip_space();
    if (text_.substr(at_, word.size()) != word) return fail();
    at_ += word.size();
    return true;
}

bool JsonCursor::string_or_null(std::string& out) {
    if (next_is('n')) {
        out.clear();
        return literal("null");
    }
    return string(out);
}

bool JsonCursor::number_token(std::string_view& token, bool& integral) {
    skip_space();
    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    const std::size_t start = at_;
    auto digits = [&] {
        const std::size_t from = at_;
        while (at_ < text_.size() && is_digit(text_[at_]))
            ++at_;
        return at_ > from;
    };
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    const std::size_t int_start = at_;
    if (!digits()) return fail();
    if (text_[int_start] == '0' && at_ - int_start > 1) return fail();
    integral = true;
    if (at_ < text_.size() && text_[at_] == '.') {
        ++at_;
        integral = false;
        if (!digits()) return fail();
    }
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
        ++at_;
        integral = false;
        if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
        if (!digits()) return fail();
    }
    token = text_.substr(start, at_ - start);
    return true;
}

bool JsonCursor::number(std::int64_t& whole, double& value) {
    if (next_is('n')) {
        whole = 0;
        value = 0;
        return literal("null");
    }
    std::string_view token;
    bool integral = false;
    if (!number_token(token, integral)) return false;
    const char* first = token.data();
    const char* last = token.data() + token.size();
    if (integral && std::from_chars(first, last, whole).ec == std::errc()) {
        value = static_cast<double>(whole);
        return true;
    }
    if (std::from_chars(first, last, value).ec != std::errc()) return fail();
    whole = std::fabs(value) < 9.2e18 ? static_cast<std::int64_t>(value) : 0;
    return true;
}

bool JsonCursor::count(std::uint64_t& out) {
    std::string_view token;
    bool integral = false;
    if (!number_token(token, integral)) return false;
    if (!integral ||
        std::from_chars(token.data(), token.data() + token.size(), out).ec != std::errc())
        return fail();
    return true;
}

bool JsonCursor::boolean(bool& out) {
    out = next_is('t');
    return literal(out ? "true" : "false");
}

bool JsonCursor::skip_value() {
    return skip_value(0);
}

bool JsonCursor::skip_value(int depth) {
    if (depth > kMaxDepth) return fail();
    skip_space();
    if (at_ >= text_.size()) return fail();
    std::string_view text;
    std::int64_t whole = 0;
    double value = 0;
    switch (text_[at_]) {
    case '"':
        return string_view(text);
    case 't':
        return literal("true");
    case 'f':
        return literal("false");
    case 'n':
        return literal("null");
    case '[':
        return array([&] { return skip_value(depth + 1); });
    case '{':
        return object([&](std::string_view) { return skip_value(depth + 1); });
    default:
        return number(whole, value);
    }
}

bool JsonCursor::at_end() {
    skip_space();
    return !failed_ && at_ == text_.size();
}

} // namespace tl::client
