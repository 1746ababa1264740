// VetAuthorityClient: session with the veterinary authority's permit service.
#pragma once

#include <string>

#include "fd_handle.h"
#include "status.h"

class VetAuthorityClient {
 public:
  VetAuthorityClient(std::string host, std::string farm_id);
  ~VetAuthorityClient();  // disconnects when still connected

  Status connect();  // no-op when connected; dials again after disconnect()
  // Both throw std::runtime_error("vet client disconnected") when not connected.
  Result<std::string> submit(const std::string& application);  // returns the ticket
  Result<std::string> poll_decision(const std::string& ticket);  // "pending", "approved" or "refused"
  // Sends BYE and closes the socket. Returns Timeout when the authority did not
  // ack the BYE: the socket is closed all the same. Throws std::logic_error when
  // already disconnected.
  Status disconnect();
  bool connected() const;

 private:
  Result<std::string> exchange(const std::string& line);

  std::string host_;
  std::string farm_id_;
  FdHandle sock_;
  bool connected_;
};
