// Status and Result<T>: the error-return types used across the dairy plant code. A Status is
// either ok or carries a Code and a message; a Result<T> holds a value or the Status explaining
// why there is none.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

enum class Code { Ok, Closed, Io, Timeout, NotFound, Busy, Invalid };

class Status {
public:
    Status();
    static Status error(Code code, std::string message);
    bool ok() const;
    Code code() const;
    const std::string& message() const;

private:
    Status(Code code, std::string message);
    Code code_;
    std::string message_;
};

template <class T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Status status) : status_(std::move(status)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }

    const T& value() const {
        if (!value_) throw std::runtime_error("no value: " + status_.message());
        return *value_;
    }
    const Status& status() const { return status_; }

private:
    std::optional<T> value_;
    Status status_;
};
