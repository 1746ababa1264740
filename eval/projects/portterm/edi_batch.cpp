// EdiBatcher: groups gate-out moves into one customs message per batch_size moves.
// It is fed by a gate.out handler on the terminal's main thread, the same thread that
// stops the gateway, so a stopped() check cannot go stale before the declare.
#include "customs.h"

EdiBatcher::EdiBatcher(std::shared_ptr<CustomsGateway> gateway, std::size_t batch_size)
    : gateway_(std::move(gateway)), batch_size_(batch_size ? batch_size : 1) {}

void EdiBatcher::add(const std::string& truck, const std::string& containers) {
    if (gateway_->stopped()) {
        ++dropped_;
        log_line("edi", "customs stopped, gate-out of " + truck + " not declared");
        return;
    }
    pending_.emplace_back(truck, containers);
    if (pending_.size() >= batch_size_) flush(); // OK: stopped() checked at the top, on the stopping thread
}

Status EdiBatcher::flush() {
    if (pending_.empty()) return Status::success();
    gateway_->declare(EdiMessage::gate_out_batch(pending_)); // SAME: lateflush
    pending_.clear();
    return Status::success();
}

std::size_t EdiBatcher::pending() const { return pending_.size(); }

std::size_t EdiBatcher::dropped() const { return dropped_; }
