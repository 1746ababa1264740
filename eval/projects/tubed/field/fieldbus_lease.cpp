// Lease: a fieldbus connection borrowed from the pool. The destructor (and move-assignment)
// hands it back; discard() closes a faulted connection, which is then dropped instead of
// going back into the pool. After discard() the lease still points at the closed
// connection, whose register calls answer Code::Closed.
#include "fieldbus_pool.h"

#include <stdexcept>

namespace tubed {

Lease::Lease(std::shared_ptr<FieldbusPool> pool, std::unique_ptr<FieldbusConnection> conn)
    : pool_(std::move(pool)), conn_(std::move(conn)) {}

Lease::~Lease() { give_back(); }

Lease::Lease(Lease&& other) noexcept
    : pool_(std::move(other.pool_)), conn_(std::move(other.conn_)), discarded_(other.discarded_) {
  other.discarded_ = false;
}

Lease& Lease::operator=(Lease&& other) noexcept {
  if (this != &other) {
    give_back(); // OK: returns (or, when discarded, drops) the connection this lease held
    pool_ = std::move(other.pool_);
    conn_ = std::move(other.conn_);
    discarded_ = other.discarded_;
    other.discarded_ = false;
  }
  return *this;
}

FieldbusConnection* Lease::operator->() const {
  if (!conn_) throw std::logic_error("empty fieldbus lease");
  return conn_.get();
}

FieldbusConnection& Lease::operator*() const { return *operator->(); }

FieldbusConnection* Lease::get() const { return conn_.get(); }

Lease::operator bool() const { return conn_ != nullptr; }

void Lease::discard() {
  if (!conn_) return;
  conn_->close(); // SAME: lease_discard
  discarded_ = true;
}

void Lease::give_back() {
  if (!conn_) return;
  if (discarded_) {
    conn_.reset();  // closed by discard(); the destructor does not close it again
    discarded_ = false;
    return;
  }
  if (pool_) pool_->give_back(std::move(conn_));
}

}  // namespace tubed
