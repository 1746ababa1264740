// Straddle carrier dispatch: one radio link per carrier, kept by id in StraddleDispatcher.
// CarrierLink::disconnect() closes the radio socket unconditionally (call it once);
// heartbeat() disconnects the link itself when the radio session turns out to be dead.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dispatcher.h"
#include "status.h"

struct CarrierJob {
    std::string container;
    std::string from_slot;
    std::string to_slot;
};

class CarrierLink {
public:
    CarrierLink(int carrier_id, int fd);
    ~CarrierLink();
    CarrierLink(const CarrierLink&) = delete;
    CarrierLink& operator=(const CarrierLink&) = delete;

    void send_job(const CarrierJob& job);   // throws when the link is down
    Status heartbeat();                     // on a dead session: disconnects, returns the error
    bool alive() const;
    void disconnect();
    void reattach(int fd);
    int carrier_id() const;

private:
    int id_;
    int fd_;
    bool alive_;
};

class StraddleDispatcher {
public:
    explicit StraddleDispatcher(std::shared_ptr<EventDispatcher> events);

    void add_carrier(int carrier, int fd);
    void assign(int carrier, const CarrierJob& job);
    bool try_assign(int carrier, const CarrierJob& job);
    bool dispatch_checked(int carrier, const CarrierJob& job);
    std::size_t probe_all();
    void retire(int carrier);       // disconnects and forgets the carrier
    void recall_all();              // disconnects every live link, keeps them for reattach()
    void reattach(int carrier, int fd);
    CarrierLink* link(int carrier);
    std::vector<int> carriers() const;
    std::size_t alive_count() const;

private:
    std::map<int, std::unique_ptr<CarrierLink>> links_;
    std::shared_ptr<EventDispatcher> events_;
};
