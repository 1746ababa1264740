// FanLink: serial link to one ventilation fan's variable-frequency drive.
// setRpm()/readRpm() throw std::runtime_error when the link is closed; close() throws
// std::logic_error when it is already closed.
#pragma once

#include <string>

#include "status.h"

class FanLink {
public:
    FanLink(int fanId, std::string device);
    ~FanLink();

    FanLink(const FanLink&) = delete;
    FanLink& operator=(const FanLink&) = delete;

    Status open();
    void close();
    bool is_open() const;
    void setRpm(int rpm);
    int readRpm();
    int id() const;

private:
    int fanId_;
    std::string device_;
    int fd_ = -1;
};
