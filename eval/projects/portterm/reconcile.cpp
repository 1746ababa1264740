// ShiftReconciler: closes the shift's billing batch, reads it back and writes a
// reconciliation report (line count, total, and whether the trailer matches).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "billing.h"
#include "raii.h"

namespace {

struct Totals {
    std::size_t lines = 0;
    double amount = 0.0;
    bool balanced = false;
};

Totals sum_batch(std::FILE* in) {
    Totals t;
    char buf[512];
    double trailer_total = -1.0;
    bool header = true;
    while (std::fgets(buf, sizeof buf, in)) {
        if (header) {
            header = false;
            continue;
        }
        if (std::strncmp(buf, "#lines=", 7) == 0) {
            const char* total = std::strstr(buf, "total=");
            if (total) trailer_total = std::strtod(total + 6, nullptr);
            continue;
        }
        const char* last = std::strrchr(buf, ',');
        if (!last) continue;
        t.amount += std::strtod(last + 1, nullptr);
        ++t.lines;
    }
    t.balanced = trailer_total >= 0.0 && (trailer_total - t.amount) < 0.005 && (t.amount - trailer_total) < 0.005;
    return t;
}

}  // namespace

ShiftReconciler::ShiftReconciler(std::shared_ptr<BillingExporter> billing, std::string report_dir)
    : billing_(std::move(billing)), report_dir_(std::move(report_dir)) {}

Status ShiftReconciler::reconcile(const std::string& shift_id) {
    if (billing_->state() == BatchState::Open) {
        Status fin = billing_->finish();   // the batch must be complete before it is read back
        if (!fin.ok()) return fin;
    }
    FileHandle in(billing_->batch_path(), "r");
    if (!in.is_open()) return Status::error(ErrorCode::Io, "cannot reread billing batch for " + shift_id);
    Totals t = sum_batch(in.get());
    in.close();

    FileHandle report(report_dir_ + "/recon-" + shift_id + ".txt", "w");
    if (!report.is_open()) return Status::error(ErrorCode::Io, "cannot write reconciliation report");
    {
        auto closer = make_scope_exit([&report] { report.close(); });
        report.write("shift " + shift_id + "\n");
        report.write("lines " + std::to_string(t.lines) + "\n"); // OK: the scope guard closes the report only at the end of this block
        report.write("amount " + std::to_string(t.amount) + "\n");
    }
    report.write(std::string("status ") + (t.balanced ? "BALANCED" : "MISMATCH") + "\n"); // BUG: use-after-close

    FileHandle archive(report_dir_ + "/recon-archive.log", "a");
    if (archive.is_open()) {
        std::FILE* raw = archive.release();
        std::fprintf(raw, "%s %zu %.2f\n", shift_id.c_str(), t.lines, t.amount);
        std::fclose(raw); // OK: released, the handle's destructor no longer owns the FILE*
    }
    return t.balanced ? Status::success() : Status::error(ErrorCode::Invalid, "billing batch does not balance");
}
