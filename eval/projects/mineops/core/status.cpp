// Status: success or an error message, returned by every fallible operation in mineops.
// failHard() is the project's [[noreturn]] throwing helper.
#include "status.h"

Status::Status(bool ok, std::string message) : ok_(ok), message_(std::move(message)) {}

Status Status::Ok() {
    return Status(true, std::string());
}

Status Status::Error(std::string message) {
    return Status(false, std::move(message));
}

bool Status::ok() const {
    return ok_;
}

const std::string& Status::message() const {
    return message_;
}

void failHard(const std::string& what) {
    throw std::runtime_error(what);
}
