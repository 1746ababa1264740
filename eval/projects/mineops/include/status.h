// Status and Result<T>: the error-return types used across the mine operations software.
// Status is defined in core/status.cpp; Result<T> is a template and is defined here.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class Status {
public:
    static Status Ok();
    static Status Error(std::string message);

    bool ok() const;
    const std::string& message() const;

private:
    Status(bool ok, std::string message);

    bool ok_;
    std::string message_;
};

// Throws std::runtime_error(what). Used where a failure must abort the caller.
[[noreturn]] void failHard(const std::string& what);

template <typename T>
class Result {
public:
    Result(T value) : value_(std::move(value)), status_(Status::Ok()) {}
    Result(Status error) : status_(std::move(error)) {}

    bool ok() const { return value_.has_value(); }
    const Status& status() const { return status_; }

    const T& value() const {
        if (!value_) throw std::runtime_error("Result has no value: " + status_.message());
        return *value_;
    }

    T valueOr(T fallback) const { return value_ ? *value_ : fallback; }

private:
    std::optional<T> value_;
    Status status_;
};
