// BulkTank: records the tank level and tells each attached observer. The observer list holds
// raw pointers; observers detach themselves in their destructors. Observers are called on the
// recording thread, outside the lock, from a snapshot of the list.
#include "bulk_tank.h"

#include <algorithm>

BulkTank::BulkTank(double capacity_litres) : capacity_(capacity_litres) {}

void BulkTank::attach(TankObserver* observer) {
    std::lock_guard<std::mutex> lk(mu_);
    if (std::find(observers_.begin(), observers_.end(), observer) == observers_.end()) observers_.push_back(observer);
}

void BulkTank::detach(TankObserver* observer) {
    std::lock_guard<std::mutex> lk(mu_);
    observers_.erase(std::remove(observers_.begin(), observers_.end(), observer), observers_.end());
}

void BulkTank::record_level(double litres, double temp_c) {
    std::vector<TankObserver*> snapshot;
    {
        std::lock_guard<std::mutex> lk(mu_);
        litres_ = std::min(litres, capacity_);
        temp_c_ = temp_c;
        snapshot = observers_;
    }
    for (TankObserver* o : snapshot) o->on_level(litres, temp_c);
}

double BulkTank::litres() const {
    std::lock_guard<std::mutex> lk(mu_);
    return litres_;
}

double BulkTank::temp_c() const {
    std::lock_guard<std::mutex> lk(mu_);
    return temp_c_;
}

double BulkTank::capacity() const { return capacity_; }
