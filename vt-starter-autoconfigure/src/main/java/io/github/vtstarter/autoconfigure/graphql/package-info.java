/**
 * Spring for GraphQL's controller methods that return a {@code Callable}, on the application's virtual-thread
 * executor: what Boot 3.2+ wires, backported to Boot 3.1. One post-processor and its auto-configuration.
 */
package io.github.vtstarter.autoconfigure.graphql;
