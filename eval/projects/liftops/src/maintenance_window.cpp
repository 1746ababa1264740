// MaintenanceWindow: begin() stops and closes a lift's link, finish()
// reopens it, swapDrive() replaces the link with a fresh one. decommission()
// removes the lift from the registry (which closes its link) and then uses
// the link it looked up before.
#include "maintenance_window.h"

#include "link_factory.h"

namespace liftops {

MaintenanceWindow::MaintenanceWindow(LiftRegistry &registry) : registry_(registry) {}

Status MaintenanceWindow::begin(const std::string &liftId) {
  std::shared_ptr<LiftLink> link = registry_.find(liftId);
  if (!link)
    return Status::error(Errc::NotFound, "no lift " + liftId);
  if (link->isOpen()) {
    link->sendCommand({LiftCommand::Stop, 0}); // OK: checked open
    link->close();
  }
  return Status::ok();
}

Status MaintenanceWindow::finish(const std::string &liftId) {
  std::shared_ptr<LiftLink> link = registry_.find(liftId);
  if (!link)
    return Status::error(Errc::NotFound, "no lift " + liftId);
  Status st = link->reopen();
  if (!st.isOk())
    return st;
  link->sendCommand({LiftCommand::SlowRun, 30}); // OK: reopened after begin() closed it
  return st;
}

Status MaintenanceWindow::swapDrive(const LiftConfig &config) {
  registry_.remove(config.id);
  std::shared_ptr<LiftLink> fresh = makeLink(config);
  Status st = fresh->open();
  if (!st.isOk())
    return st;
  registry_.add(fresh);
  fresh->sendCommand({LiftCommand::SlowRun, 10}); // OK: a fresh link, not the removed one
  return st;
}

void MaintenanceWindow::decommission(const std::string &liftId) {
  std::shared_ptr<LiftLink> link = registry_.find(liftId);
  if (!link)
    return;
  registry_.remove(liftId);
  link->sendCommand({LiftCommand::Hold, 0}); // BUG: use-after-close
}

} // namespace liftops
