// Status and Result: the error-reporting types used across the lift
// operations back end (an error code with a message, and value-or-status).
#pragma once
#include <optional>
#include <string>
#include <utility>

namespace liftops {

enum class Errc { Ok, Closed, Io, Timeout, Invalid, NotFound };
const char *errcName(Errc code);

class Status {
public:
  Status() = default;
  static Status ok() { return Status(); }
  static Status error(Errc code, std::string message) {
    Status s;
    s.code_ = code;
    s.message_ = std::move(message);
    return s;
  }
  bool isOk() const { return code_ == Errc::Ok; }
  Errc code() const { return code_; }
  const std::string &message() const { return message_; }
  std::string describe() const;

private:
  Errc code_ = Errc::Ok;
  std::string message_;
};

template <class T> class Result {
public:
  Result(T value) : value_(std::move(value)) {}
  Result(Status status) : status_(std::move(status)) {}
  bool isOk() const { return value_.has_value(); }
  T &value() { return *value_; }
  const T &value() const { return *value_; }
  const Status &status() const { return status_; }

private:
  std::optional<T> value_;
  Status status_;
};

} // namespace liftops
