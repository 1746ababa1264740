// Billing export: BillingExporter writes one CSV batch per shift over a raw descriptor;
// ShiftReconciler re-reads the finished batch and writes a reconciliation report.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>

#include "status.h"

struct BillingLine {
    std::string account;
    std::string container;
    std::string event;
    double amount = 0.0;
};

enum class BatchState { Idle, Open, Finished };

class BillingExporter {
public:
    explicit BillingExporter(std::string out_dir);
    ~BillingExporter();
    BillingExporter(const BillingExporter&) = delete;
    BillingExporter& operator=(const BillingExporter&) = delete;

    Status begin_batch(const std::string& shift_id);   // also valid after finish()
    void add_line(const BillingLine& line);            // throws unless a batch is open
    Status finish();                                   // throws std::logic_error when already finished
    BatchState state() const;
    std::string batch_path() const;
    std::size_t lines() const;

private:
    std::string out_dir_;
    mutable std::mutex mu_;
    int fd_ = -1;
    BatchState state_ = BatchState::Idle;
    std::string path_;
    std::size_t lines_ = 0;
    double total_ = 0.0;
};

class ShiftReconciler {
public:
    ShiftReconciler(std::shared_ptr<BillingExporter> billing, std::string report_dir);

    Status reconcile(const std::string& shift_id);

private:
    std::shared_ptr<BillingExporter> billing_;
    std::string report_dir_;
};
