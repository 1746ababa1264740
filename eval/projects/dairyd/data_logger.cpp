// DataLogger: observes the bulk tank; on_level() queues a reading and the logger thread writes
// queued readings to the journal. stop() closes the queue and joins the thread, so the thread
// drains what was queued and ends; it is safe to call again from the destructor.
// write_shift_report() writes the shift summary straight to the journal's FILE* and then rolls
// the journal so the next shift starts in a fresh file.
#include "data_logger.h"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace {
std::string format_reading(const Reading& r) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "tank %.0f l %.1f C at %ld", r.litres, r.temp_c, static_cast<long>(r.at));
    return buf;
}
}  // namespace

DataLogger::DataLogger(std::shared_ptr<Journal> journal, BulkTank& tank)
    : journal_(std::move(journal)), tank_(tank), queue_(256) {
    tank_.attach(this);
}

DataLogger::~DataLogger() {
    stop();   // OK: closing the queue again is harmless and the thread is joined only while joinable
    tank_.detach(this);
}

void DataLogger::start() {
    if (thread_.joinable()) return;
    thread_ = std::thread([this] { run(); });
}

void DataLogger::stop() {
    queue_.close();
    if (thread_.joinable()) thread_.join();
}

void DataLogger::on_level(double litres, double temp_c) {
    queue_.push(Reading{litres, temp_c, std::time(nullptr)});   // SAME: final_level
}

void DataLogger::run() {
    while (std::optional<Reading> r = queue_.pop()) {   // OK: pop() hands out what is left after close() and then ends the loop
        journal_->append(format_reading(*r));   // OK: the site stops (joins) the logger before it closes the journal
    }
}

void write_shift_report(Journal& journal, const ShiftTotals& totals) {
    std::FILE* out = journal.stream();
    if (out == nullptr) throw std::runtime_error("journal closed, no shift report");
    std::fprintf(out, "== shift %s: %d cows, %.1f l ==\n", totals.shift.c_str(), totals.cows, totals.litres);   // OK: stream() checked non-null; the only caller stopped the logger first, so nothing rolls the journal here
    for (const YieldRecord& y : totals.yields) std::fprintf(out, "cow %d %.2f l\n", y.cow_no, y.litres);
    journal.roll();   // the next shift starts in a fresh file
    std::fprintf(out, "== end of shift %s ==\n", totals.shift.c_str());   // BUG: use-after-close
    journal.append("shift " + totals.shift + " report written");   // OK: roll() returned, so it reopened the journal's own stream (it throws otherwise)
}
