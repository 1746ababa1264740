// BulkTank: the milk tank; observers (raw pointers) are told about every level reading and
// unsubscribe themselves in their destructors.
#pragma once
#include <mutex>
#include <vector>

class TankObserver {
public:
    virtual ~TankObserver() = default;
    virtual void on_level(double litres, double temp_c) = 0;
};

class BulkTank {
public:
    explicit BulkTank(double capacity_litres);
    void attach(TankObserver* observer);
    void detach(TankObserver* observer);
    void record_level(double litres, double temp_c);
    double litres() const;
    double temp_c() const;
    double capacity() const;

private:
    mutable std::mutex mu_;
    std::vector<TankObserver*> observers_;
    double capacity_;
    double litres_ = 0.0;
    double temp_c_ = 0.0;
};
