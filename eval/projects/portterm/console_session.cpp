// ConsoleSession: the socket of one operator console. push_update() and disconnect()
// both take mu_, so a push never writes to a descriptor that is being closed, and
// disconnect() closes the descriptor exactly once.
#include <stdexcept>

#include "console.h"

ConsoleSession::ConsoleSession(int id, std::string operator_name, int fd)
    : id_(id), operator_name_(std::move(operator_name)), fd_(fd), connected_(fd >= 0) {}

void ConsoleSession::push_update(const std::string& text) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_.load()) throw std::runtime_error("console session " + std::to_string(id_) + " disconnected");
    Status st = fd_.write_all(text + "\n");
    if (!st.ok()) throw std::runtime_error("console session " + std::to_string(id_) + ": " + st.message());
}

void ConsoleSession::disconnect() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_.load()) return;
    connected_ = false;
    fd_.close(); // OK: runs once, connected_ flips under mu_
}

bool ConsoleSession::connected() const { return connected_.load(); }

int ConsoleSession::id() const { return id_; }

const std::string& ConsoleSession::operator_name() const { return operator_name_; }
