#pragma once
// A reader of JSON text token by token (RFC 8259), for the answers a client reads straight into
// typed rows without building a document: GET /v1/jobs's whole history (job_page_parse.cpp),
// where nlohmann's lexer, which keeps every character for its error messages, cost the client
// more than the service spent on the answer. Every method skips the whitespace before its token
// and returns false, leaving failed() set, at the first thing that is not what it reads.
#include <cstdint>
#include <string>
#include <string_view>

namespace tl::client {

class JsonCursor {
public:
    explicit JsonCursor(std::string_view text) : text_(text) {}

    // Consumes `c` ('{', '}', '[', ']', ':', ',') when it is the next token.
    bool take(char c);
    // The next token is `c`, not consumed.
    bool next_is(char c);
    // After the first member of an object or an element of an array: true and consumed on ',',
    // false on `close` (consumed too) or anything else (then failed()).
    bool more(char close);
    // A string's value, its escapes decoded.
    bool string(std::string& out);
    // A string as a view: into the text when it has no escape, else into a buffer of the cursor
    // that the next call reuses (an object's keys).
    bool string_view(std::string_view& out);
    // A string, or null as "".
    bool string_or_null(std::string& out);
    // A number as a whole number (a fraction truncated; 0 out of range) and as a double; null
    // reads as 0.
    bool number(std::int64_t& whole, double& value);
    // A whole number >= 0 (a size, a count) up to 2^64 - 1; anything else fails.
    bool count(std::uint64_t& out);
    bool boolean(bool& out);
    // An object, `member(key)` reading each member's value (`key` holds until it reads the
    // value); false from it, or a token out of place, ends the object with false.
    template <class Member> bool object(Member&& member);
    // An array, `element()` reading each element.
    template <class Element> bool array(Element&& element);
    // Any value, read and dropped (at most 64 levels deep).
    bool skip_value();
    // Only whitespace is left.
    bool at_end();
    bool failed() const { return failed_; }

private:
    void skip_space();
    bool fail();
    bool literal(std::string_view word);
    // The text of the number at the cursor, checked against JSON's grammar.
    bool number_token(std::string_view& token, bool& integral);
    bool skip_value(int depth);

    std::string decoded_;
    std::string_view text_;
    std::size_t at_ = 0;
    bool failed_ = false;
};

template <class Member> bool JsonCursor::object(Member&& member) {
    if (!take('{')) return false;
    if (next_is('}')) return take('}');
    std::string_view key;
    do {
        if (!string_view(key) || !take(':') || !member(key)) return false;
    } while (more('}'));
    return !failed_;
}

template <class Element> bool JsonCursor::array(Element&& element) {
    if (!take('[')) return false;
    if (next_is(']')) return take(']');
    do {
        if (!element()) return false;
    } while (more(']'));
    return !failed_;
}

} // namespace tl::client
