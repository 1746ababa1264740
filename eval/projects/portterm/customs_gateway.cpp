// CustomsGateway: declarations are queued in a bounded outbox and sent to customs by a
// worker thread. stop() runs once: it closes the outbox, lets the worker send what is
// still queued, joins it, and only then closes the EDI link it shares with the terminal.
#include <exception>
#include <stdexcept>

#include "customs.h"

CustomsGateway::CustomsGateway(std::shared_ptr<EdiLink> link, std::size_t outbox_capacity)
    : link_(std::move(link)), outbox_(outbox_capacity) {}

CustomsGateway::~CustomsGateway() {
    stop(); // OK: stop() is idempotent (stopped_.exchange)
}

Status CustomsGateway::start() {
    if (stopped_.load()) return Status::error(ErrorCode::Closed, "customs gateway stopped");
    if (worker_.joinable()) return Status::success();
    Status st = link_->open();
    if (!st.ok()) return st;
    worker_ = std::thread([this] { drain(); });
    return st;
}

void CustomsGateway::declare(const EdiMessage& msg) {
    if (stopped_.load()) throw std::runtime_error("customs gateway stopped");
    outbox_.push(msg);
}

bool CustomsGateway::try_declare(const EdiMessage& msg) {
    if (stopped_.load()) return false;
    return outbox_.try_push(msg); // OK: try_push refuses under the queue lock once the outbox is closed
}

void CustomsGateway::drain() {
    while (auto msg = outbox_.pop()) { // OK: pop() keeps draining after close() and ends with nullopt
        try {
            link_->send(*msg); // OK: the link is closed only after this thread has been joined
        } catch (const std::exception& e) {
            ++failed_;
            log_line("customs", std::string("declaration ") + msg->ref + " not sent: " + e.what());
        }
    }
}

void CustomsGateway::stop() {
    if (stopped_.exchange(true)) return;
    outbox_.close();
    if (worker_.joinable()) worker_.join();
    link_->close();
}

bool CustomsGateway::stopped() const { return stopped_.load(); }
