// DataLogger: tank readings queued by the tank observer and written to the journal by a logger
// thread; write_shift_report() appends the shift summary and starts the next journal file.
#pragma once
#include <ctime>
#include <memory>
#include <thread>

#include "bounded_queue.h"
#include "bulk_tank.h"
#include "journal.h"
#include "records.h"

struct Reading {
    double litres = 0.0;
    double temp_c = 0.0;
    std::time_t at = 0;
};

class DataLogger : public TankObserver {
public:
    DataLogger(std::shared_ptr<Journal> journal, BulkTank& tank);
    ~DataLogger() override;
    DataLogger(const DataLogger&) = delete;
    DataLogger& operator=(const DataLogger&) = delete;

    void start();
    void stop();
    void on_level(double litres, double temp_c) override;

private:
    void run();

    std::shared_ptr<Journal> journal_;
    BulkTank& tank_;
    BoundedQueue<Reading> queue_;
    std::thread thread_;
};

void write_shift_report(Journal& journal, const ShiftTotals& totals);
