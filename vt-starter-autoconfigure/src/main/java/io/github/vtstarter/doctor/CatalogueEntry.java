package io.github.vtstarter.doctor;

import java.util.List;

/**
 * One entry of the catalogue ({@code META-INF/vtstarter/dependency-advice.properties}).
 * @param id the entry's id
 * @param coordinates the Maven coordinates to look for ({@code groupId:artifactId})
 * @param fixedIn the first good version
 * @param problem what goes wrong
 * @param source where it is documented
 */
public record CatalogueEntry(String id, List<String> coordinates, String fixedIn, String problem, String source) {
}
