// Status: a code plus a message; the default-constructed Status is success.
#include "status.h"

Status::Status() : code_(Code::Ok) {}

Status::Status(Code code, std::string message) : code_(code), message_(std::move(message)) {}

Status Status::error(Code code, std::string message) { return Status(code, std::move(message)); }

bool Status::ok() const { return code_ == Code::Ok; }

Code Status::code() const { return code_; }

const std::string& Status::message() const { return message_; }
