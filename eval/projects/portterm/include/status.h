// Status and Result<T>: the error-return types used across the terminal software,
// plus the two process-wide helpers (fail, log_line).
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

enum class ErrorCode { Ok, Closed, Unavailable, Io, Invalid, Timeout };

class Status {
public:
    Status();
    static Status success();
    static Status error(ErrorCode code, std::string message);
    bool ok() const;
    ErrorCode code() const;
    const std::string& message() const;
    std::string describe() const;

private:
    Status(ErrorCode code, std::string message);
    ErrorCode code_;
    std::string message_;
};

template <typename T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Status status) : status_(std::move(status)) {}

    bool ok() const { return value_.has_value(); }
    const Status& status() const { return status_; }
    const T& value() const {
        if (!value_) throw std::runtime_error("result holds no value: " + status_.message());
        return *value_;
    }
    T value_or(T fallback) const { return value_ ? *value_ : std::move(fallback); }

private:
    std::optional<T> value_;
    Status status_;
};

[[noreturn]] void fail(const std::string& what);
void log_line(const char* component, const std::string& text);
