import { BLOG_IMAGE_SIZE, type BlogPost } from "~/content/types";
import { SITE_NAME, SITE_URL } from "~/site/config";
import { absoluteUrl, type JsonLd } from "~/site/seo";

/** schema.org Article for one post (image 1200x675 as an ImageObject). */
export function articleJsonLd(post: Omit<BlogPost, "html" | "related">): JsonLd {
  const url = absoluteUrl(`/blog/${post.slug}/`);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    image: {
      "@type": "ImageObject",
      url: absoluteUrl(post.featuredImage),
      width: BLOG_IMAGE_SIZE.width,
      height: BLOG_IMAGE_SIZE.height,
    },
    datePublished: post.publishDate,
    dateModified: post.publishDate,
    author:
      post.author === `${SITE_NAME} Team`
        ? { "@type": "Organization", name: post.author, url: `${SITE_URL}/about-us/` }
        : { "@type": "Person", name: post.author },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      url: `${SITE_URL}/`,
      logo: { "@type": "ImageObject", url: `${SITE_URL}/icon-512.png`, width: 512, height: 512 },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    keywords: post.keywords,
    articleSection: post.category,
    wordCount: post.wordCount,
    inLanguage: "en-US",
  };
}
