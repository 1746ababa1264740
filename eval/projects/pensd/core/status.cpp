// Status and Result<T>: out-of-line accessors, and the explicit instantiations
// of Result<T> for the value types the controller returns.
#include "status.h"

#include <stdexcept>
#include <utility>

const char* errc_name(Errc code) {
  switch (code) {
    case Errc::Ok: return "ok";
    case Errc::Closed: return "closed";
    case Errc::Timeout: return "timeout";
    case Errc::Io: return "io";
    case Errc::Rejected: return "rejected";
    case Errc::NotFound: return "not-found";
    case Errc::Busy: return "busy";
    case Errc::Invalid: return "invalid";
  }
  return "unknown";
}

Status::Status() : code_(Errc::Ok) {}

Status::Status(Errc code, std::string message) : code_(code), message_(std::move(message)) {}

Status Status::Ok() { return Status(); }

Status Status::Error(Errc code, std::string message) {
  if (code == Errc::Ok) code = Errc::Invalid;  // an error is never ok
  return Status(code, std::move(message));
}

bool Status::ok() const { return code_ == Errc::Ok; }

Errc Status::code() const { return code_; }

const std::string& Status::message() const { return message_; }

std::string Status::to_string() const {
  if (ok()) return "ok";
  return std::string(errc_name(code_)) + ": " + message_;
}

template <typename T>
Result<T>::Result(T value) : value_(std::move(value)), status_() {}

template <typename T>
Result<T>::Result(Status error) : value_(std::nullopt), status_(std::move(error)) {
  if (status_.ok()) status_ = Status::Error(Errc::Invalid, "result built from an ok status without a value");
}

template <typename T>
bool Result<T>::ok() const {
  return value_.has_value();
}

template <typename T>
const T& Result<T>::value() const {
  if (!value_) throw std::logic_error("Result::value() on an error: " + status_.to_string());
  return *value_;
}

template <typename T>
T Result<T>::value_or(T fallback) const {
  return value_ ? *value_ : fallback;
}

template <typename T>
const Status& Result<T>::status() const {
  return status_;
}

template class Result<int>;
template class Result<double>;
template class Result<std::uint16_t>;
template class Result<std::string>;
