// TcpScreeningLink: IScreeningLink over a plain TCP control connection.
#pragma once
#include "screening.h"
#include "status.h"
#include <mutex>
#include <string>

class TcpScreeningLink : public IScreeningLink {
 public:
  TcpScreeningLink(std::string host, int port);
  ~TcpScreeningLink() override;
  Status connect();
  ScreenVerdict submit(const std::string& tag) override;
  void disconnect() override;
  bool connected() const override;
  std::string peer() const override;

 private:
  ScreenVerdict parse(const std::string& tag, const std::string& reply) const;
  std::string host_;
  int port_;
  mutable std::mutex mu_;
  int sock_ = -1;
};
