// Link shutdown steps: close the customs gateway (and its EDI link), export and
// reconcile the shift's billing batch.
#include "shutdown.h"

CloseCustomsStep::CloseCustomsStep(std::shared_ptr<CustomsGateway> gateway, std::shared_ptr<EdiBatcher> batcher)
    : gateway_(std::move(gateway)), batcher_(std::move(batcher)) {}

const char* CloseCustomsStep::name() const { return "close customs link"; }

Status CloseCustomsStep::run() {
    gateway_->stop();   // drains the outbox and closes the EDI link
    return batcher_->flush(); // BUG: use-after-close #lateflush
}

ExportBillingStep::ExportBillingStep(std::shared_ptr<BillingExporter> billing, std::shared_ptr<ShiftReconciler> reconciler,
                                     std::string shift_id)
    : billing_(std::move(billing)), reconciler_(std::move(reconciler)), shift_id_(std::move(shift_id)) {}

const char* ExportBillingStep::name() const { return "export billing"; }

Status ExportBillingStep::run() {
    Status st = reconciler_->reconcile(shift_id_);
    if (!st.ok()) log_line("billing", "reconciliation: " + st.message());
    return billing_->finish(); // BUG: double-close
}
