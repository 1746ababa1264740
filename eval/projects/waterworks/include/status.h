// Status and Result<T>: the error values every waterworks component returns
// instead of throwing for expected failures (unreachable gateways, bad frames).
// Exceptions are kept for programming errors such as using a closed link.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace ww {

enum class StatusCode { kOk, kUnavailable, kClosed, kIoError, kInvalid, kTimeout };

class Status {
 public:
  Status();
  static Status Ok();
  static Status Error(StatusCode code, std::string message);

  bool ok() const;
  StatusCode code() const;
  const std::string& message() const;
  std::string ToString() const;

 private:
  Status(StatusCode code, std::string message);

  StatusCode code_;
  std::string message_;
};

// Aborts the current operation with std::runtime_error; used where the
// control software cannot continue in a safe state.
[[noreturn]] void fatal(const std::string& what);

// Milliseconds since the Unix epoch (historian and audit timestamps).
std::int64_t wall_clock_ms();

// A value or the Status explaining why there is none.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Status status) : status_(std::move(status)) {
    if (status_.ok()) status_ = Status::Error(StatusCode::kInvalid, "result without a value");
  }

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }

  T& value() {
    if (!value_) throw std::runtime_error("result has no value: " + status_.message());
    return *value_;
  }
  const T& value() const {
    if (!value_) throw std::runtime_error("result has no value: " + status_.message());
    return *value_;
  }
  T value_or(T fallback) const { return value_ ? *value_ : std::move(fallback); }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace ww
