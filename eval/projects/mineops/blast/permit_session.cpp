// PermitSession: one blasting permit. A permit is complete with the blaster's, the shift
// boss's and the ventilation officer's signatures; once closed it accepts nothing more.
#include "permit_session.h"

#include <stdexcept>
#include <utility>

PermitSession::PermitSession(int id, std::string blaster) : id_(id), blaster_(std::move(blaster)) {
    log_.push_back("opened for " + blaster_);
}

void PermitSession::sign(const std::string& role) {
    if (closed_) throw std::runtime_error("permit " + std::to_string(id_) + " is closed");
    signatures_.insert(role);
    log_.push_back("signed by " + role);
}

void PermitSession::annotate(const std::string& text) {
    if (closed_) throw std::runtime_error("permit " + std::to_string(id_) + " is closed");
    log_.push_back(text);
}

bool PermitSession::complete() const {
    return signatures_.count("blaster") > 0 && signatures_.count("shift-boss") > 0 &&
           signatures_.count("ventilation-officer") > 0;
}

void PermitSession::close() {
    if (closed_) throw std::logic_error("permit " + std::to_string(id_) + " already closed");
    closed_ = true;
    log_.push_back("closed");
}

bool PermitSession::isClosed() const {
    return closed_;
}

int PermitSession::id() const {
    return id_;
}

const std::vector<std::string>& PermitSession::log() const {
    return log_;
}
