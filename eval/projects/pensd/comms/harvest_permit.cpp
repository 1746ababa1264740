// HarvestPermitWorkflow: files the harvest application and follows it up.
// Every exchange with the authority is bracketed by connect() and a ScopeExit
// that hangs the session up again (the authority bills per open minute);
// hang_up_vet() retries the hang-up when the BYE is not acknowledged in time.
#include "harvest_permit.h"

#include <utility>

#include "scope_exit.h"

HarvestPermitWorkflow::HarvestPermitWorkflow(std::shared_ptr<VetAuthorityClient> vet,
                                             std::shared_ptr<Historian> historian)
    : vet_(std::move(vet)), historian_(std::move(historian)), stage_(Stage::Draft) {}

void HarvestPermitWorkflow::hang_up_vet() {
  for (int attempt = 0; attempt < 3; ++attempt) {
    Status st = vet_->disconnect();  // BUG: double-close
    if (st.ok() || st.code() != Errc::Timeout) return;
  }
}

void HarvestPermitWorkflow::note(const std::string& decision) {
  if (decision == "approved") stage_ = Stage::Approved;
  if (decision == "refused") stage_ = Stage::Refused;
  if (historian_->is_open()) historian_->append("permit ticket=" + ticket_ + " decision=" + decision);
}

Status HarvestPermitWorkflow::file_application(int pen, int fish_count, const std::string& wellboat) {
  if (stage_ != Stage::Draft) return Status::Error(Errc::Busy, "application already filed: " + ticket_);
  Status up = vet_->connect();
  if (!up.ok()) return up;
  ScopeExit bye([this] { hang_up_vet(); });
  const std::string application =
      "pen=" + std::to_string(pen) + ";fish=" + std::to_string(fish_count) + ";wellboat=" + wellboat;
  Result<std::string> ticket = vet_->submit(application);  // OK: connected just above; the hang-up runs at scope exit
  if (!ticket.ok()) return ticket.status();
  ticket_ = ticket.value();
  stage_ = Stage::Filed;
  return Status::Ok();
}

Result<std::string> HarvestPermitWorkflow::await_decision() {
  if (ticket_.empty()) return Status::Error(Errc::Invalid, "nothing filed");
  Result<std::string> decision = vet_->poll_decision(ticket_);  // SAME: vetpoll
  if (decision.ok()) note(decision.value());
  return decision;
}

Result<std::string> HarvestPermitWorkflow::check_status() {
  if (ticket_.empty()) return Status::Error(Errc::Invalid, "nothing filed");
  Status up = vet_->connect();
  if (!up.ok()) return up;
  ScopeExit bye([this] { hang_up_vet(); });
  Result<std::string> decision = vet_->poll_decision(ticket_);  // OK: (re)connected just above
  if (decision.ok()) note(decision.value());
  return decision;
}

HarvestPermitWorkflow::Stage HarvestPermitWorkflow::stage() const { return stage_; }

const std::string& HarvestPermitWorkflow::ticket() const { return ticket_; }
