// RadioSession: a miner's radio session. hangup() marks the session closed and says goodbye
// on the cable only while the head-end is still open (at shift end it may already be down).
#include "radio_session.h"

#include <stdexcept>
#include <utility>

#include "leaky_feeder.h"

RadioSession::RadioSession(uint32_t minerId, std::shared_ptr<LeakyFeederGateway> gateway)
    : minerId_(minerId), gateway_(std::move(gateway)) {}

RadioSession::~RadioSession() = default;

void RadioSession::page(const std::string& text) {
    if (!open_) throw std::runtime_error("radio session for miner " + std::to_string(minerId_) + " is closed");
    gateway_->send(Frame{minerId_, -1, "PAGE " + text});
}

void RadioSession::hangup() {
    if (!open_) throw std::logic_error("radio session for miner " + std::to_string(minerId_) + " already closed");
    open_ = false;
    if (gateway_->isOpen()) gateway_->send(Frame{minerId_, -1, "BYE"}); // OK: the head-end is checked open first; it is closed on this same control thread
}

bool RadioSession::isOpen() const {
    return open_;
}

uint32_t RadioSession::minerId() const {
    return minerId_;
}
