// HerdDbPool: hands out herd database sessions as Lease objects; a lease gives its session back
// when it is destroyed, and give_back() drops (disconnects) sessions that are down, surplus, or
// returned after shutdown(). HerdDb::disconnect() returns at once on a session that is already
// down, so dropping a session a caller disconnected itself is harmless. acquire() throws once the
// pool is shut down.
#include "herd_pool.h"

#include <stdexcept>
#include <utility>

HerdDbPool::Lease::Lease(HerdDbPool* pool, std::unique_ptr<HerdDb> conn) : pool_(pool), conn_(std::move(conn)) {}

HerdDbPool::Lease::Lease(Lease&& other) noexcept : pool_(other.pool_), conn_(std::move(other.conn_)) {
    other.pool_ = nullptr;
}

HerdDbPool::Lease::~Lease() {
    if (pool_ != nullptr && conn_) pool_->give_back(std::move(conn_));
}

HerdDb* HerdDbPool::Lease::operator->() const {
    if (!conn_) throw std::logic_error("empty herd lease");
    return conn_.get();
}

HerdDb& HerdDbPool::Lease::operator*() const { return *operator->(); }

HerdDbPool::HerdDbPool(std::string host, int port, std::size_t max_idle)
    : host_(std::move(host)), port_(port), max_idle_(max_idle) {}

HerdDbPool::Lease HerdDbPool::acquire() {
    std::unique_ptr<HerdDb> conn;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (shut_down_) throw std::runtime_error("herd pool shut down");
        if (!idle_.empty()) {
            conn = std::move(idle_.back());
            idle_.pop_back();
        }
    }
    if (!conn) {
        conn = std::make_unique<HerdDb>(host_, port_);
        Status st = conn->connect();
        if (!st.ok()) throw std::runtime_error(st.message());
    }
    return Lease(this, std::move(conn));
}

void HerdDbPool::give_back(std::unique_ptr<HerdDb> conn) {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_down_ || !conn->connected() || idle_.size() >= max_idle_) {
        conn->disconnect();   // OK: disconnect() returns at once when the session is already down
        return;
    }
    idle_.push_back(std::move(conn));
}

void HerdDbPool::shutdown() {
    std::vector<std::unique_ptr<HerdDb>> drop;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (shut_down_) return;
        shut_down_ = true;
        drop.swap(idle_);
    }
    for (std::unique_ptr<HerdDb>& conn : drop) conn->disconnect();   // OK: each idle session was removed from the pool and is disconnected once
}

bool HerdDbPool::is_shut_down() const {
    std::lock_guard<std::mutex> lk(mu_);
    return shut_down_;
}
