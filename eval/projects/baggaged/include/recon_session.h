// ReconSession: baggage reconciliation of one flight against the DCS.
#pragma once
#include "status.h"
#include <memory>
#include <string>
#include <vector>

class DcsFeed;

class ReconSession {
 public:
  ReconSession(std::string flight, std::shared_ptr<DcsFeed> feed);
  Status reportLoaded(const std::string& tag);
  Status reportOffloaded(const std::string& tag);
  void replay();
  void finish();   // final load message; runs once
  bool finished() const;
  const std::string& flight() const;

 private:
  std::string flight_;
  std::shared_ptr<DcsFeed> feed_;
  std::vector<std::string> loaded_;
  bool finished_ = false;
};
