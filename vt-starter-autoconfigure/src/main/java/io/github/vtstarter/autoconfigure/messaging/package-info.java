/**
 * Message listeners on virtual threads: what {@code spring.threads.virtual.enabled} does on Boot 3.2+ for Kafka
 * (and more), backported to Boot 3.1 and counted on every line, plus JMS listener containers, which Boot never
 * puts on virtual threads. One sub-package per broker; each loads only when its library is present.
 */
package io.github.vtstarter.autoconfigure.messaging;
