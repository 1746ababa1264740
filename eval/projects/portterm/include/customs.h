// Customs/EDI link: EdiLink is the socket to the customs system, CustomsGateway queues
// declarations and sends them from its worker thread, EdiBatcher groups gate-out events.
#pragma once
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bounded_queue.h"
#include "status.h"

struct EdiMessage {
    std::string type;
    std::string ref;
    std::string body;

    static EdiMessage end_of_shift(const std::string& shift_id, std::size_t failures);
    static EdiMessage departure(const std::string& vessel, int berth);
    static EdiMessage gate_out_batch(const std::vector<std::pair<std::string, std::string>>& moves);
    std::string encode() const;
};

enum class LinkState { Idle, Open, Closed };

class EdiLink {
public:
    EdiLink(std::string host, int port);
    ~EdiLink();
    EdiLink(const EdiLink&) = delete;
    EdiLink& operator=(const EdiLink&) = delete;

    Status open();
    void send(const EdiMessage& msg);   // throws unless open
    void close();                       // final; throws std::logic_error when already closed
    LinkState state() const;
    bool isOpen() const;

private:
    std::string host_;
    int port_;
    mutable std::mutex mu_;
    int fd_ = -1;
    LinkState state_ = LinkState::Idle;
    long sent_ = 0;
};

class CustomsGateway {
public:
    CustomsGateway(std::shared_ptr<EdiLink> link, std::size_t outbox_capacity);
    ~CustomsGateway();
    CustomsGateway(const CustomsGateway&) = delete;
    CustomsGateway& operator=(const CustomsGateway&) = delete;

    Status start();
    void declare(const EdiMessage& msg);       // throws once stopped
    bool try_declare(const EdiMessage& msg);   // false once stopped or full
    void stop();    // idempotent: drains the outbox, joins the worker, closes the link
    bool stopped() const;

private:
    void drain();

    std::shared_ptr<EdiLink> link_;
    BoundedQueue<EdiMessage> outbox_;
    std::thread worker_;
    std::atomic<bool> stopped_{false};
    std::atomic<long> failed_{0};
};

class EdiBatcher {
public:
    EdiBatcher(std::shared_ptr<CustomsGateway> gateway, std::size_t batch_size);

    void add(const std::string& truck, const std::string& containers);
    Status flush();
    std::size_t pending() const;
    std::size_t dropped() const;

private:
    std::shared_ptr<CustomsGateway> gateway_;
    std::size_t batch_size_;
    std::vector<std::pair<std::string, std::string>> pending_;
    std::size_t dropped_ = 0;
};
