// HarvestPermitWorkflow: files a harvest application with the veterinary
// authority and follows it to a decision.
#pragma once

#include <memory>
#include <string>

#include "historian.h"
#include "status.h"
#include "vet_client.h"

class HarvestPermitWorkflow {
 public:
  enum class Stage { Draft, Filed, Approved, Refused };

  HarvestPermitWorkflow(std::shared_ptr<VetAuthorityClient> vet, std::shared_ptr<Historian> historian);

  // Connects, submits and hangs up again.
  Status file_application(int pen, int fish_count, const std::string& wellboat);
  // Polls the authority for the filed ticket over the current session.
  Result<std::string> await_decision();
  // Connects, polls and hangs up again.
  Result<std::string> check_status();
  Stage stage() const;
  const std::string& ticket() const;

 private:
  void hang_up_vet();
  void note(const std::string& decision);

  std::shared_ptr<VetAuthorityClient> vet_;
  std::shared_ptr<Historian> historian_;
  std::string ticket_;
  Stage stage_;
};
