// BusSegmentLink: TCP link to a fieldbus segment gateway (diverter banks, the pharmacy bus).
#pragma once

#include <mutex>
#include <string>

#include "link.h"
#include "raii.h"

namespace tubed {

class BusSegmentLink : public Link {
 public:
  BusSegmentLink(std::string name, std::string host, int port);
  ~BusSegmentLink() override;

  Status open();
  Status send(const std::string& frame) override;
  void shutdown() override;

 private:
  std::mutex mu_;
  FdHandle sock_;
  std::string host_;
  int port_;
};

}  // namespace tubed
