// Status implementation and the process-wide fail/log helpers.
#include "status.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

Status::Status() : code_(ErrorCode::Ok) {}

Status::Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

Status Status::success() { return Status(); }

Status Status::error(ErrorCode code, std::string message) {
    if (code == ErrorCode::Ok) code = ErrorCode::Invalid;
    return Status(code, std::move(message));
}

bool Status::ok() const { return code_ == ErrorCode::Ok; }

ErrorCode Status::code() const { return code_; }

const std::string& Status::message() const { return message_; }

std::string Status::describe() const {
    if (ok()) return "ok";
    static const char* const names[] = {"ok", "closed", "unavailable", "io", "invalid", "timeout"};
    return std::string(names[static_cast<int>(code_)]) + ": " + message_;
}

void fail(const std::string& what) {
    std::fprintf(stderr, "portterm: fatal: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

void log_line(const char* component, const std::string& text) {
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::tm tm_buf{};
    localtime_r(&now, &tm_buf);
    std::strftime(stamp, sizeof stamp, "%H:%M:%S", &tm_buf);
    std::fprintf(stderr, "%s [%s] %s\n", stamp, component, text.c_str());
}
